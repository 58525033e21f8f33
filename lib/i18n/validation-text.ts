/**
 * A contract validation message (English, as the API, the schemas and the server actions give it)
 * matched back to its key and arguments in messages/en/validation.json, so that the portal shows it
 * in the reader's language wherever it came from. A message the catalog does not know is shown as
 * it is (a provider's own regular expression's complaint, say).
 */

import { ENGLISH_VALIDATION, type ValidationKey } from "../contract/validation-messages";
import { isolated } from "../format";

export type ValidationMatch = { key: ValidationKey; values: Record<string, string> };

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * One anchored pattern per message, its `{name}` placeholders as groups; the longest fixed text is
 * tried first, so "must be at most {max}" does not take "must be at most 64 characters".
 */
const PATTERNS = Object.entries(ENGLISH_VALIDATION)
  .map(([key, text]) => {
    const parts = text.split(/\{(\w+)\}/);
    const names = parts.filter((_, index) => index % 2 === 1);
    const source = parts.map((part, index) => (index % 2 === 1 ? "(.+?)" : escapeRegExp(part))).join("");
    const fixedLength = parts.filter((_, index) => index % 2 === 0).join("").length;
    return { key: key as ValidationKey, names, regex: new RegExp(`^${source}$`, "s"), fixedLength };
  })
  .sort((a, b) => b.fixedLength - a.fixedLength);

/**
 * Longer than any catalog message with its arguments: such a text is shown as it is, unmatched (two
 * lazy groups cost time quadratic in the length; 50,000 characters took 1.8 s).
 */
export const MAX_MATCHED_LENGTH = 1000;

export function matchValidationMessage(message: string): ValidationMatch | null {
  if (message.length > MAX_MATCHED_LENGTH) return null;
  for (const { key, names, regex } of PATTERNS) {
    const found = regex.exec(message);
    if (found)
      return { key, values: Object.fromEntries(names.map((name, index) => [name, found[index + 1]!])) };
  }
  return null;
}

/** The `validation` namespace's translator (next-intl's, in the reader's language). */
export type ValidationTranslator = (key: ValidationKey, values: Record<string, string>) => string;

/**
 * `message` in the reader's words: its catalog text with the same arguments, or itself when the
 * catalog does not know it. An argument may itself be a catalog message (a refused regex's reason
 * inside "cannot be checked: …"); it is translated too, `depth` levels down. `isolate` (a
 * right-to-left reader's): each argument keeps its own direction, so `^\d+$` is not shown `$+d\^`.
 */
export function inReadersWords(
  message: string,
  t: ValidationTranslator,
  { depth = 2, isolate = false }: { depth?: number; isolate?: boolean } = {},
): string {
  const match = depth > 0 ? matchValidationMessage(message) : null;
  if (!match) return message;
  const values = Object.fromEntries(
    Object.entries(match.values).map(([name, value]) => {
      const shown = inReadersWords(value, t, { depth: depth - 1, isolate });
      return [name, isolate ? isolated(shown) : shown];
    }),
  );
  return t(match.key, values);
}
