/** Turning zod issues into the field-naming message of a 400 (`availability.categoriesSupported: Required`). */
import type { z } from "zod";
import { fieldPath, requiredWhenMissing } from "../contract/issues";
import { invalidQuery, validationError } from "./api-errors";

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

/** Parse a query by the operation's schema or throw the 400 naming every wrong or unknown parameter. */
export function parseQueryOrThrow<T extends z.ZodObject>(schema: T, query: URLSearchParams): z.infer<T> {
  const result = schema.safeParse(Object.fromEntries(query), { reportInput: false });
  if (result.success) return result.data;
  throw invalidQuery(describeIssues(result.error.issues));
}
