/**
 * Platform API tokens (README "Platform API"): the console's tokens page and the API's own answers
 * share these. A token expires after 1 to 365 days, chosen when it is issued.
 */
import { z } from "zod";
import { recordId } from "../ids";

export const PLATFORM_TOKEN_PREFIX = "dcp_pat_";
export const TOKEN_NAME_MAX = 100;
export const TOKEN_MAX_DAYS = 365;

export const newPlatformTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, "is required")
    .max(TOKEN_NAME_MAX, `must be at most ${TOKEN_NAME_MAX} characters`),
  /**
   * Days from now: text from the form's control, or the number the form's own parse made of it
   * (the action receives the client's parsed values, so both must pass).
   */
  expiresInDays: z
    .union([
      z.number("must be a whole number of days"),
      z
        .string()
        .trim()
        .regex(/^\d{1,4}$/, "must be a whole number of days")
        .transform(Number),
    ])
    .pipe(
      z
        .number()
        .int("must be a whole number of days")
        .min(1, "must be at least 1 day")
        .max(TOKEN_MAX_DAYS, `must be at most ${TOKEN_MAX_DAYS} days`),
    ),
});
export type NewPlatformToken = z.infer<typeof newPlatformTokenSchema>;

export const revokePlatformTokenSchema = z.object({ tokenId: recordId });
