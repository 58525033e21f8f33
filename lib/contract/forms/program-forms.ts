/** The console's program pages: create a program, let a channel serve it, ask for a refund. */

import { z } from "zod";
import { hasAtMostTwoDecimals, typedAmount } from "../amount";
import { COMMODITIES, CURRENCIES } from "../enums";
import { recordId } from "../ids";
import { say } from "../validation-messages";

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
});
export type ProgramInput = z.infer<typeof programInputSchema>;

export const programChannelSchema = z.object({ programId: recordId, channelId: recordId });

export const refundSchema = z.object({
  programId: recordId,
  deliveryId: recordId,
  reason: z
    .string()
    .trim()
    .min(1, say("enterReasonForRefund"))
    .max(500, say("mustBeAtMostCharacters", { max: 500 })),
});
