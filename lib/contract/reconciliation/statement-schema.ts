/**
 * A reconciliation statement (issue 32, item 2): what was sent to a provider in a period and what
 * became of it, per unit (currency or commodity), from our own records. One schema for the provider
 * API, the platform API, the pages' period form and the reference.
 */
import { z } from "zod";
import { recordId } from "../ids";
import { say } from "../validation-messages";

/** A calendar day in UTC; a period runs from its first day to its last, both whole. */
const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, say("mustBeDay"))
  // 2026-02-30 matches the pattern; only a day that exists comes back as itself.
  .refine((value) => {
    const time = Date.parse(`${value}T00:00:00Z`);
    return !Number.isNaN(time) && new Date(time).toISOString().startsWith(value);
  }, say("mustBeDay"));

/** A period's two days, as every statement form and body sends them. */
export const statementPeriod = {
  from: day.meta({
    description: "The period's first day, YYYY-MM-DD (UTC), inclusive.",
    example: "2026-11-01",
  }),
  to: day.meta({ description: "The period's last day, YYYY-MM-DD (UTC), inclusive.", example: "2026-11-30" }),
};
export const toNotBeforeFrom = <T extends { from: string; to: string }>(value: T) => value.to >= value.from;
export const TO_NOT_BEFORE_FROM = { path: ["to"], message: say("mustNotBeBeforeFrom") };

/** The provider API's body (POST /api/Reconciliation/Statement): the period of its own statement. */
export const providerStatementBodySchema = z
  .strictObject(statementPeriod)
  .refine(toNotBeforeFrom, TO_NOT_BEFORE_FROM)
  .meta({ id: "StatementPeriod" });

/** The platform API's and the console's query: a provider's, a program's, or one provider's for one program. */
export const statementQuerySchema = z
  .strictObject({
    ...statementPeriod,
    provider: recordId
      .optional()
      .meta({ description: "A provider's id.", example: "0193a1c2-7e1f-7000-8000-000000000003" }),
    program: recordId.optional().meta({ description: "A program's id." }),
  })
  .refine(toNotBeforeFrom, TO_NOT_BEFORE_FROM)
  .refine((value) => value.provider !== undefined || value.program !== undefined, {
    path: ["provider"],
    message: say("isRequired"),
  });
export type StatementQuery = z.infer<typeof statementQuerySchema>;

const figure = z.strictObject({ count: z.number().int(), amount: z.number() });
const unitStatement = z.strictObject({
  unit: z.string().meta({ description: "The currency (ISO 4217) or commodity of the lines." }),
  openingPending: figure.meta({ description: "Sent before the period, without an outcome at its start." }),
  sent: figure.extend({ requests: z.number().int() }).meta({ description: "Deliveries sent in the period." }),
  delivered: figure.meta({ description: "Reported delivered whole in the period." }),
  deliveredInPart: figure.extend({ undelivered: z.number() }).meta({
    description: "Reported delivered in part in the period: the amount delivered, and what was not.",
  }),
  revertedUndelivered: figure.meta({ description: "Reverted in the period before any delivery." }),
  revertedAfterDelivery: figure.meta({
    description: "Reverted in the period after being delivered: what was given back.",
  }),
  refundsRequested: figure.meta({
    description: "Refunds the program asked for in the period (the provider reverts them).",
  }),
  closingPending: figure.meta({ description: "Sent by the period's end, without an outcome by then." }),
  budget: z.strictObject({ reserved: figure, releasedUnsent: figure }).optional().meta({
    description:
      "The platform API only: requests reserved against the budgets in the period (held for approval included), and those released unsent (rejected or expired).",
  }),
});

export const statementSchema = z
  .strictObject({
    provider: z.string().nullable(),
    program: z.string().nullable(),
    from: z.string(),
    to: z.string(),
    units: z.array(unitStatement),
  })
  .meta({ id: "Statement" });
