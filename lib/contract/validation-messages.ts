/**
 * The contract's validation messages, in one place: messages/en/validation.json. The API answers in
 * English with these texts; the portal shows the same message in the reader's language by matching
 * the English text back to its key (lib/i18n/validation-text.ts), so a server action's error and the
 * form's own are translated alike. Arguments are plain `{name}` placeholders, no plural or select:
 * the text must read the same formatted here and matched back there.
 */
import english from "../../messages/en/validation.json" with { type: "json" };

export type ValidationKey = keyof typeof english;
export const ENGLISH_VALIDATION: Readonly<Record<ValidationKey, string>> = english;

/** The English text of `key` with its `{name}` placeholders filled in. */
export function say(key: ValidationKey, values: Record<string, string | number> = {}): string {
  return english[key].replace(/\{(\w+)\}/g, (placeholder, name: string) =>
    name in values ? String(values[name]) : placeholder,
  );
}
