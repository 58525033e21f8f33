/**
 * Settling a statement's break (issue 32, item 5) and closing a period (item 6), as the console's
 * forms send them: the adjustment a finance approver proposes, the decisions on it
 * (lib/domain/reconciliation/break-adjustments.ts), and the period closed (period-close.ts).
 */
import { z } from "zod";
import { recordId } from "../ids";
import { say } from "../validation-messages";
import { statementPeriod, TO_NOT_BEFORE_FROM, toNotBeforeFrom } from "./statement-schema";

/**
 * WRITE_OFF: stop chasing the difference (a delivery still pending is counted not delivered, its
 * amount back in the budgets; otherwise our records stand). ACCEPT_PROVIDER_AMOUNT: a pending
 * delivery counts delivered at the file's amount, the rest back in the budgets. RESEND: a pending
 * delivery the provider never had is counted not delivered and sent again as a request of its own.
 */
export const ADJUSTMENT_KINDS = ["WRITE_OFF", "ACCEPT_PROVIDER_AMOUNT", "RESEND"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

const reason = (empty: "enterReasonForAdjustment" | "enterReasonForRejection") =>
  z
    .string({ error: say(empty) })
    .trim()
    .min(1, say(empty))
    .max(500, say("mustBeAtMostCharacters", { max: 500 }));

export const proposeAdjustmentSchema = z.strictObject({
  breakId: recordId,
  kind: z.enum(ADJUSTMENT_KINDS, { error: say("unknownKindOfAdjustment") }),
  reason: reason("enterReasonForAdjustment"),
});
export type ProposeAdjustmentInput = z.infer<typeof proposeAdjustmentSchema>;

export const approveAdjustmentSchema = z.strictObject({ adjustmentId: recordId });

export const rejectAdjustmentSchema = z.strictObject({
  adjustmentId: recordId,
  reason: reason("enterReasonForRejection"),
});

/** Closing a provider's period (issue 32, item 6): the statement page's provider and days. */
export const closePeriodSchema = z
  .strictObject({ ...statementPeriod, provider: recordId })
  .refine(toNotBeforeFrom, TO_NOT_BEFORE_FROM);
export type ClosePeriodInput = z.infer<typeof closePeriodSchema>;
