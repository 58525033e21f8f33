/**
 * Naming what is wrong with an input, the same way for the API's 400 messages and the portal's
 * forms (this module has no server dependencies, so browsers use it too).
 */
import type { z } from "zod";
import { say } from "./validation-messages";

/**
 * zod's default text for a missing field is "expected string, received undefined" (or, for an
 * enumeration, the whole list of options): say Required.
 */
export const requiredWhenMissing: z.core.$ZodErrorMap = (issue) =>
  (issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined
    ? say("required")
    : undefined;

/** `availability.countriesSupported`, `deliveryOptions[0].fieldName` */
export function fieldPath(path: PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, "");
}

/** For forms: field path → its first message; empty when the input is valid. */
export function fieldErrors<T extends z.ZodType>(schema: T, input: unknown): Record<string, string> {
  const result = schema.safeParse(input, { error: requiredWhenMissing });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    if (issue.code === "unrecognized_keys") continue;
    errors[fieldPath(issue.path)] ??= issue.message;
  }
  return errors;
}
