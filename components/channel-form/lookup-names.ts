/**
 * Lookup names in the reader's language, for the form's options and the channel page: countries,
 * languages and currencies through Intl (lib/i18n/display-names.ts); categories, identity
 * documents, nationalities and commodity units from the catalog (messages/<locale>/lookups.json,
 * whose English the lookups answer too).
 * English keeps the lookup's own names (its countries come from another dataset than CLDR's), so
 * the English page reads as before.
 */
import type { LookupItem, LookupKey } from "@/lib/contract/lookup-schema";
import { displayName } from "@/lib/i18n/display-names";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";

const KINDS: Partial<Record<LookupKey, "region" | "language" | "currency">> = {
  Country: "region",
  Language: "language",
  Currency: "currency",
};

/** The platform's code for Chinese; ISO 639-1 (and so Intl) knows it as zh. */
const LANGUAGE_ALIASES: Record<string, string> = { CN: "zh" };

/** The `lookups` namespace's translator (useTranslations or getTranslations). */
export type LookupCatalog = { (key: string): string; has(key: string): boolean };

export function lookupName(
  locale: string,
  key: LookupKey,
  code: string,
  english: string,
  catalog?: LookupCatalog,
): string {
  // The catalog names what CLDR does not (lookups.Kyc.PASSPORT, lookups.Language.XX).
  if (catalog?.has(`${key}.${code}`)) return catalog(`${key}.${code}`);
  const kind = KINDS[key];
  if (!kind || locale === DEFAULT_LOCALE) return english;
  const iso = kind === "language" ? (LANGUAGE_ALIASES[code] ?? code) : code;
  // A language or currency the lookup names itself (Twi, where CLDR says Akan; placeholders)
  // keeps that name rather than CLDR's other one.
  if (kind !== "region" && iso === code && displayName(DEFAULT_LOCALE, kind, code, "") !== english)
    return english;
  return displayName(locale, kind, iso, english);
}

/** A lookup's values for a select, NULL left out: [code, its name in the reader's language]. */
export const namedOptions = (
  locale: string,
  key: LookupKey,
  items: readonly LookupItem[],
  catalog?: LookupCatalog,
): (readonly [string, string])[] =>
  items
    .filter((item) => item.lookUp !== "NULL")
    .map((item) => [item.lookUp, lookupName(locale, key, item.lookUp, item.translation, catalog)] as const);
