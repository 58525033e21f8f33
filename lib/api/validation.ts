/** Turning zod issues into the field-naming message of a 400 (`availability.categoriesSupported: Required`). */
import type { z } from "zod";
import { validationError } from "./errors";

/**
 * zod's default text for a missing field is "expected string, received undefined" (or, for an
 * enumeration, the whole list of options): say Required.
 */
const requiredWhenMissing: z.core.$ZodErrorMap = (issue) =>
  (issue.code === "invalid_type" || issue.code === "invalid_value") && issue.input === undefined
    ? "Required"
    : undefined;

function fieldPath(path: PropertyKey[]): string {
  return path.reduce<string>((out, key) => {
    if (typeof key === "number") return `${out}[${key}]`;
    return out ? `${out}.${String(key)}` : String(key);
  }, "");
}

export function describeIssues(issues: z.core.$ZodIssue[]): string[] {
  return issues.flatMap((issue) => {
    if (issue.code === "unrecognized_keys") {
      return issue.keys.map((key) => `${fieldPath([...issue.path, key])}: Unknown property`);
    }
    const where = fieldPath(issue.path);
    return [where ? `${where}: ${issue.message}` : issue.message];
  });
}

/** Parse with the contract schema or throw the contract's 400 naming every offending field. */
export function parseOrThrow<T extends z.ZodType>(schema: T, input: unknown): z.infer<T> {
  const result = schema.safeParse(input, { error: requiredWhenMissing, reportInput: false });
  if (result.success) return result.data;
  throw validationError(describeIssues(result.error.issues));
}

/** The same check for forms: field path → first message. */
export function fieldErrors<T extends z.ZodType>(schema: T, input: unknown): Record<string, string> {
  const result = schema.safeParse(input, { error: requiredWhenMissing });
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[fieldPath(issue.path)] ??= issue.message;
  return errors;
}
