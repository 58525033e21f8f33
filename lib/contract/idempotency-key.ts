/**
 * The Idempotency-Key request header (IETF httpapi draft "The Idempotency-Key HTTP Header Field"):
 * what the write operations accept. The draft writes the key as a quoted string; the bare form
 * (Stripe's) is accepted too, and both name the same key.
 */
import { z } from "zod";

export const IDEMPOTENCY_KEY_MAX_LENGTH = 255;

/** The header's value as sent: visible ASCII only, so a key is never a space or control character. */
export const idempotencyKeyHeaderSchema = z
  .string()
  .regex(new RegExp(`^[\\x21-\\x7e]{1,${IDEMPOTENCY_KEY_MAX_LENGTH}}$`))
  .meta({
    description: `A key of your choice (a UUID is recommended), 1–${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters, bare or quoted. A retry with the same key and the same body gets the first answer again, with \`Idempotent-Replayed: true\`; keys are kept 24 hours per API key.`,
    example: '"8e03978e-40d5-43e8-bc93-6894a57f9324"',
  });

/** The key the header names: its value unquoted; undefined when it is not a valid key. */
export function idempotencyKeyOf(headerValue: string): string | undefined {
  if (!idempotencyKeyHeaderSchema.safeParse(headerValue).success) return undefined;
  const quoted = /^"([^"\\]*)"$/.exec(headerValue);
  const key = quoted ? quoted[1]! : headerValue;
  return key === "" ? undefined : key;
}
