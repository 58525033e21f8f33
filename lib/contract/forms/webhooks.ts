/**
 * The webhooks page's controls beyond subscribing: rotate an hmac secret with a grace period, and
 * re-enable a disabled subscription, optionally recovering the events it missed.
 */
import { z } from "zod";
import { recordId } from "../ids";

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
  secret: z.string().max(512, "must be at most 512 characters").optional(),
  graceHours: z
    .number("Pick a grace period")
    .int("must be whole hours")
    .min(0, "must not be negative")
    .max(MAX_GRACE_HOURS, `must be at most ${MAX_GRACE_HOURS} hours (7 days)`),
});
export type RotateSecretInput = z.infer<typeof rotateSecretSchema>;

/** What a rotation answers: the generated secret (shown once), and when the previous one stops. */
export interface RotatedSecret {
  generatedSecret: string | null;
  previousValidUntil: string | null;
}

/** A UTC date and time as an <input type="datetime-local"> sends it (minutes, optional seconds). */
const utcDateTime = z.iso.datetime({ local: true, error: "Pick a date and time (UTC)" });

export const reenableSchema = z.strictObject({
  eventType: recordId,
  /** Empty or absent: re-enable only. */
  recoverSince: z.union([z.literal(""), utcDateTime]).optional(),
});
export type ReenableInput = z.infer<typeof reenableSchema>;

/** The reading of `recoverSince`: the form's value is UTC (the page says so). */
export const recoverSinceDate = (value: string | undefined) =>
  value ? new Date(value.endsWith("Z") ? value : `${value}Z`) : undefined;
