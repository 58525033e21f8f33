/**
 * Country values: ISO 3166-1 alpha-2 codes with English names, from the maintained
 * i18n-iso-countries dataset (the real platform sends `BG`, `HN`, `ML`, …).
 */
import countries from "i18n-iso-countries";
import en from "i18n-iso-countries/langs/en.json" with { type: "json" };

countries.registerLocale(en);

/** [code, English name] pairs, sorted by code so the lookup order is stable. */
export const COUNTRIES: ReadonlyArray<readonly [string, string]> = Object.entries(
  countries.getNames("en", { select: "official" }),
).sort(([a], [b]) => a.localeCompare(b));

export const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES.map(([code]) => code));
