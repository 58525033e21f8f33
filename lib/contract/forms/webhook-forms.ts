/**
 * The webhooks page's controls beyond subscribing: rotate an hmac secret with a grace period, and
 * re-enable a disabled subscription, optionally recovering the events it missed.
 */

import { z } from "zod";
import { recordId } from "../ids";
import { say } from "../validation-messages";

/** The longest grace period of a rotation, during which the previous secret still signs: 7 days. */
export const MAX_GRACE_HOURS = 168;
/** The grace periods the page offers, in hours. */
export const GRACE_HOURS_CHOICES = [0, 1, 24, 72, MAX_GRACE_HOURS] as const;

/** How far back a re-enable may recover events, and how many at most. */
export const RECOVERY_MAX_DAYS = 7;
export const RECOVERY_MAX_EVENTS = 10_000;

export const rotateSecretSchema = z.strictObject({
  eventType: recordId,
  /** Empty or absent: the portal generates one and shows it once. */
  secret: z
    .string()
    .max(512, say("mustBeAtMostCharacters", { max: 512 }))
    .optional(),
  graceHours: z
    .number("Pick a grace period")
    .int(say("mustBeWholeHours"))
    .min(0, say("mustNotBeNegative"))
    .max(MAX_GRACE_HOURS, say("mustBeAtMostHours", { max: MAX_GRACE_HOURS, days: MAX_GRACE_HOURS / 24 })),
});
export type RotateSecretInput = z.infer<typeof rotateSecretSchema>;

/** What a rotation answers: the generated secret (shown once), and when the previous one stops. */
export interface RotatedSecret {
  generatedSecret: string | null;
  previousValidUntil: string | null;
}

/** A UTC date and time as an <input type="datetime-local"> sends it (minutes, optional seconds). */
const utcDateTime = z.iso.datetime({ local: true, error: say("pickDateAndTimeUtc") });

export const reenableSchema = z.strictObject({
  eventType: recordId,
  /** Empty or absent: re-enable only. */
  recoverSince: z.union([z.literal(""), utcDateTime]).optional(),
});
export type ReenableInput = z.infer<typeof reenableSchema>;

/** The reading of `recoverSince`: the form's value is UTC (the page says so). */
export const recoverSinceDate = (value: string | undefined) =>
  value ? new Date(value.endsWith("Z") ? value : `${value}Z`) : undefined;
