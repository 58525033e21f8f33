/**
 * Lookup values for all nine keys, built once at start-up and kept serialized in memory: they
 * never change while the process runs. Values and order are the contract's; English names come
 * from Intl.DisplayNames (languages, currencies) and the i18n-iso-countries dataset (countries).
 * The few values no standard names (placeholders such as NULL, the platform's XX and CN) get
 * their names from NON_STANDARD_NAMES. Categories, identity documents, nationalities and commodity
 * units have no standard names: theirs are the portal's catalog's (messages/en/lookups.json, XX's
 * too), which the other languages translate.
 */

import CATALOG_NAMES from "../../../messages/en/lookups.json" with { type: "json" };
import { COUNTRIES } from "../../contract/countries";
import {
  CHANNEL_CATEGORIES,
  CHANNEL_STATUSES,
  COMMODITIES,
  CURRENCIES,
  EVENT_TYPES,
  KYC_DOCUMENTS,
  LANGUAGES,
  NATIONALITIES,
} from "../../contract/enums";
import type { LookupItem, LookupKey } from "../../contract/lookup-schema";

const NON_STANDARD_NAMES: Record<string, string> = {
  NULL: "Not specified",
  XX: CATALOG_NAMES.Language.XX,
  CN: "Chinese",
  // Codes ICU has no English name for, or names ambiguously (TW is Twi, not its macrolanguage Akan).
  XAD: "Arab Accounting Dinar",
  TW: "Twi",
};

const languageNames = new Intl.DisplayNames(["en"], { type: "language", fallback: "none" });
const currencyNames = new Intl.DisplayNames(["en"], { type: "currency", fallback: "none" });

/** NATIONAL_IDENTITY → "National identity". */
function humanize(value: string): string {
  const words = value.toLowerCase().replaceAll("_", " ");
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function nameWith(namer: (value: string) => string | undefined, fallback: (value: string) => string) {
  return (value: string) => NON_STANDARD_NAMES[value] ?? namer(value) ?? fallback(value);
}

const safeOf = (names: Intl.DisplayNames) => (code: string) => {
  try {
    return names.of(code);
  } catch {
    return undefined;
  }
};

const items = (values: readonly string[], name: (value: string) => string): LookupItem[] =>
  values.map((value) => ({ lookUp: value, translation: name(value) }));

/** The catalog's name of a value, NULL's the placeholder's. */
const fromCatalog = (key: keyof typeof CATALOG_NAMES) => (value: string) =>
  (CATALOG_NAMES[key] as Record<string, string>)[value] ?? NON_STANDARD_NAMES[value] ?? value;

function buildLookups(): Record<LookupKey, LookupItem[]> {
  const plain = nameWith(() => undefined, humanize);
  return {
    DeliveryChannelStatus: items(CHANNEL_STATUSES, plain),
    DeliveryChannelCategory: items(CHANNEL_CATEGORIES, fromCatalog("DeliveryChannelCategory")),
    Kyc: items(KYC_DOCUMENTS, fromCatalog("Kyc")),
    // ISO names first: among currencies ALL is the Albanian lek, not "All".
    Currency: items(CURRENCIES, (code) =>
      code === "NULL" ? plain(code) : (safeOf(currencyNames)(code) ?? NON_STANDARD_NAMES[code] ?? code),
    ),
    Nationality: items(NATIONALITIES, fromCatalog("Nationality")),
    Language: items(
      LANGUAGES,
      nameWith(
        (code) => safeOf(languageNames)(code.toLowerCase()),
        (code) => code,
      ),
    ),
    Country: COUNTRIES.map(([code, name]) => ({ lookUp: code, translation: name })),
    EventType: items(EVENT_TYPES, plain),
    Commodity: items(COMMODITIES, fromCatalog("Commodity")),
  };
}

export const LOOKUPS: Readonly<Record<LookupKey, LookupItem[]>> = buildLookups();

/** The same lists as JSON, encoded once: the lookup endpoint answers without serializing. */
export const LOOKUPS_JSON: Readonly<Record<LookupKey, string>> = Object.fromEntries(
  Object.entries(LOOKUPS).map(([key, list]) => [key, JSON.stringify(list)]),
) as Record<LookupKey, string>;
