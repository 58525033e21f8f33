/**
 * Platform API tokens (docs/platform-api.md "Platform API"): the console's tokens page and the API's own answers
 * share these. A token expires after 1 to 365 days, chosen when it is issued.
 */

import { z } from "zod";
import { recordId } from "../ids";
import { say } from "../validation-messages";
import { wholeDays } from "./whole-days";

export const PLATFORM_TOKEN_PREFIX = "dcp_pat_";
export const TOKEN_NAME_MAX = 100;
export const TOKEN_MAX_DAYS = 365;

export const newPlatformTokenSchema = z.object({
  name: z
    .string()
    .trim()
    .min(1, say("isRequired"))
    .max(TOKEN_NAME_MAX, say("mustBeAtMostCharacters", { max: TOKEN_NAME_MAX })),
  /** Days from now (./whole-days.ts). */
  expiresInDays: wholeDays(TOKEN_MAX_DAYS),
});
export type NewPlatformToken = z.infer<typeof newPlatformTokenSchema>;

export const revokePlatformTokenSchema = z.object({ tokenId: recordId });
