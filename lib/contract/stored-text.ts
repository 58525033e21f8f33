/**
 * What every string field must be to be stored exactly as sent, on both databases: PostgreSQL's text
 * cannot hold NUL, and a lone UTF-16 surrogate (`"\ud800"`) is not Unicode text at all (Prisma cannot
 * encode it). Checked once over a whole parsed input, before any schema, by the API and the portal's
 * server actions alike, so no endpoint or form can forget it. Iterative: a deeply nested hostile body
 * cannot overflow the stack, and nesting deeper than any contract shape is refused outright.
 */
import { fieldPath } from "./issues";

/** The contract's deepest shape is four levels; anything far deeper is hostile. */
export const MAX_INPUT_DEPTH = 32;

export interface TextProblem {
  /** `name.translation`, `deliveryList[3].deliveryId`; empty for the input itself. */
  path: string;
  message: string;
}

function problemOf(text: string): string | undefined {
  if (text.includes("\u0000")) return "must not contain the NUL character (\\u0000)";
  if (!text.isWellFormed()) return "must be valid Unicode text (it holds an unpaired surrogate)";
  return undefined;
}

/** The first string (value or property name) that cannot be stored as sent, or nesting too deep. */
export function findUnstorableText(input: unknown): TextProblem | undefined {
  const stack: { value: unknown; path: PropertyKey[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop() as { value: unknown; path: PropertyKey[] };
    if (typeof value === "string") {
      const message = problemOf(value);
      if (message) return { path: fieldPath(path), message };
      continue;
    }
    if (typeof value !== "object" || value === null) continue;
    if (path.length >= MAX_INPUT_DEPTH) {
      return { path: fieldPath(path), message: `is nested more than ${MAX_INPUT_DEPTH} levels deep` };
    }
    const entries: [PropertyKey, unknown][] = Array.isArray(value)
      ? value.map((item, index) => [index, item])
      : Object.entries(value);
    // Pushed last-first, so problems are found in document order.
    for (const [key, item] of entries.reverse()) {
      const keyProblem = typeof key === "string" ? problemOf(key) : undefined;
      if (keyProblem) return { path: fieldPath(path), message: `has a property name that ${keyProblem}` };
      stack.push({ value: item, path: [...path, key] });
    }
  }
  return undefined;
}
