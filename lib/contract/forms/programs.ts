/** The console's program pages: create a program, let a channel serve it, ask for a refund. */
import { z } from "zod";
import { hasAtMostTwoDecimals } from "../amount";
import { COMMODITIES, CURRENCIES } from "../enums";
import { recordId } from "../ids";

export const programInputSchema = z.strictObject({
  name: z.string().trim().min(1, "Enter a name").max(200, "must be at most 200 characters"),
  description: z.string().trim().max(2000, "must be at most 2000 characters").default(""),
  unit: z.enum([...CURRENCIES, ...COMMODITIES].filter((unit) => unit !== "NULL") as [string, ...string[]], {
    error: "Choose a currency or a commodity",
  }),
  virtualBudget: z
    .number({ error: "Enter an amount" })
    .positive("must be more than 0")
    .max(1e13, "is too large")
    .refine(hasAtMostTwoDecimals, "at most two decimals"),
});
export type ProgramInput = z.infer<typeof programInputSchema>;

export const programChannelSchema = z.object({ programId: recordId, channelId: recordId });

export const refundSchema = z.object({
  programId: recordId,
  deliveryId: recordId,
  reason: z
    .string()
    .trim()
    .min(1, "Enter a reason for the refund")
    .max(500, "must be at most 500 characters"),
});
