/**
 * The API keys page: issue a key (name, scope, optional expiry), roll one (a new key, the old one
 * valid until a chosen grace end), revoke one. Times are what a `datetime-local` control sends
 * (`2026-11-23T09:05`), read as UTC like every time the portal shows, or ISO 8601 with an offset.
 */

import { z } from "zod";
import { recordId } from "../ids";
import { say } from "../validation-messages";

/** "full": every operation. "read": View and the lookups only (the operations whose permission a read key holds). */
export const API_KEY_SCOPES = ["full", "read"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

export const API_KEY_NAME_MAX = 100;

const instant = z.iso.datetime({
  local: true,
  offset: true,
  message: say("mustBeDateAndTimeYyyy"),
});

/** The instant a form's time names; a time without an offset is UTC. */
export function utcInstant(value: string): Date {
  return new Date(/([zZ]|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`);
}

const name = z
  .string()
  .trim()
  .min(1, say("isRequired"))
  .max(API_KEY_NAME_MAX, say("mustBeAtMostCharacters", { max: API_KEY_NAME_MAX }));

export const newApiKeySchema = z.object({
  name,
  scope: z.enum(API_KEY_SCOPES, "must be full or read"),
  /** Empty: the key does not expire. */
  expiresAt: z.union([z.literal(""), instant]),
});

export const rollApiKeySchema = z.object({
  apiKeyId: recordId,
  /** Until when the old key keeps working: from now to 30 days ahead. */
  graceEndsAt: instant,
});

export const revokeApiKeySchema = z.object({ apiKeyId: recordId });
