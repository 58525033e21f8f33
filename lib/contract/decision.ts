/** An administrator's decision on a channel request, as the review form sends it: the form and the server action share it. */

import { z } from "zod";
import { recordId } from "./ids";
import { say } from "./validation-messages";

export const MAX_REASON_LENGTH = 1000;

/** The reject form's one field. */
export const rejectionSchema = z.object({
  reason: z
    .string()
    .trim()
    .min(1, say("giveProviderReason"))
    .max(MAX_REASON_LENGTH, say("atMostCharacters", { max: MAX_REASON_LENGTH })),
});

const decisionSchema = z.discriminatedUnion("approve", [
  z.object({ approve: z.literal(true) }),
  rejectionSchema.extend({ approve: z.literal(false) }),
]);
export type DecisionInput = z.infer<typeof decisionSchema>;

/** The decide action's input: which request, and the decision. */
export const decideInputSchema = z.object({ requestId: recordId, decision: decisionSchema });
