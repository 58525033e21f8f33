/** The console's program pages: create a program, let a channel serve it, ask for a refund. */

import { z } from "zod";
import { hasAtMostTwoDecimals, typedAmount } from "../amount";
import { COMMODITIES, CURRENCIES } from "../enums";
import { recordId } from "../ids";
import { say } from "../validation-messages";
import { wholeDays } from "./whole-days";

/** Days a final delivery's beneficiary values are kept (issue 36): a year unless the program says otherwise. */
export const DEFAULT_RETENTION_DAYS = 365;
export const MAX_RETENTION_DAYS = 3650;

export const programInputSchema = z.strictObject({
  name: z
    .string()
    .trim()
    .min(1, say("enterName"))
    .max(200, say("mustBeAtMostCharacters", { max: 200 })),
  description: z
    .string()
    .trim()
    .max(2000, say("mustBeAtMostCharacters", { max: 2000 }))
    .default(""),
  unit: z.enum([...CURRENCIES, ...COMMODITIES].filter((unit) => unit !== "NULL") as [string, ...string[]], {
    error: say("chooseCurrencyOrCommodity"),
  }),
  virtualBudget: typedAmount()
    .positive(say("mustBeMoreThan0"))
    .max(1e13, say("isTooLarge"))
    .refine(hasAtMostTwoDecimals, say("atMostTwoDecimals")),
  retentionDays: wholeDays(MAX_RETENTION_DAYS).default(DEFAULT_RETENTION_DAYS),
});
/** A program to create; its retention period may be left out (DEFAULT_RETENTION_DAYS). */
export type ProgramInput = Omit<z.infer<typeof programInputSchema>, "retentionDays"> & {
  retentionDays?: number;
};

export const programChannelSchema = z.object({ programId: recordId, channelId: recordId });

/** A program's new retention period (administrators); shortening it erases more at the next round. */
export const retentionPeriodSchema = z.strictObject({
  programId: recordId,
  retentionDays: wholeDays(MAX_RETENTION_DAYS),
});

export const refundSchema = z.object({
  programId: recordId,
  deliveryId: recordId,
  reason: z
    .string()
    .trim()
    .min(1, say("enterReasonForRefund"))
    .max(500, say("mustBeAtMostCharacters", { max: 500 })),
});
