/**
 * Lookup names in the reader's language, for the form's options and the channel page: countries,
 * languages and currencies through Intl (lib/i18n/display-names.ts); other lookups (categories,
 * KYC documents, nationalities, commodities) keep the lookup's English name, which Intl has no
 * names for. English keeps the lookup's own names (its countries come from another dataset than
 * CLDR's), so the English page reads as before.
 */
import type { LookupKey } from "@/lib/contract/lookups";
import { displayName } from "@/lib/i18n/display-names";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";

const KINDS: Partial<Record<LookupKey, "region" | "language" | "currency">> = {
  Country: "region",
  Language: "language",
  Currency: "currency",
};

/** The platform's code for Chinese; ISO 639-1 (and so Intl) knows it as zh. */
const LANGUAGE_ALIASES: Record<string, string> = { CN: "zh" };

export function lookupName(locale: string, key: LookupKey, code: string, english: string): string {
  const kind = KINDS[key];
  if (!kind || locale === DEFAULT_LOCALE) return english;
  const iso = kind === "language" ? (LANGUAGE_ALIASES[code] ?? code) : code;
  // A language or currency the lookup names itself (Twi, where CLDR says Akan; placeholders)
  // keeps that name rather than CLDR's other one.
  if (kind !== "region" && iso === code && displayName(DEFAULT_LOCALE, kind, code, "") !== english)
    return english;
  return displayName(locale, kind, iso, english);
}
