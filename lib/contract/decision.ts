/** An administrator's decision on a channel request, as the review form sends it: the form and the server action share it. */
import { z } from "zod";

export const MAX_REASON_LENGTH = 1000;

export const decisionSchema = z.discriminatedUnion("approve", [
  z.object({ approve: z.literal(true) }),
  z.object({
    approve: z.literal(false),
    reason: z
      .string()
      .trim()
      .min(1, "Give the provider a reason")
      .max(MAX_REASON_LENGTH, `at most ${MAX_REASON_LENGTH} characters`),
  }),
]);
