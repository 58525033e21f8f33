/**
 * The portal's languages (issue 13): the one list every page, mail and check derives from. To add a
 * language, add its code here and a folder of the same name under messages/ with every namespace
 * of messages/en (npm run check:messages says which keys are missing).
 */
export const LOCALES = ["en", "fr", "es", "ar", "uk", "ru"] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = "en";

/** Each language's own name for itself, for the switcher (a reader looks for their own). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: "English",
  fr: "Français",
  es: "Español",
  ar: "العربية",
  uk: "Українська",
  ru: "Русский",
};

/** The cookie that keeps the switcher's choice for a browser that is not signed in. */
export const LOCALE_COOKIE = "locale";

export const isLocale = (value: unknown): value is Locale =>
  typeof value === "string" && (LOCALES as readonly string[]).includes(value);

/** Arabic is written right to left; the page's `dir` follows. */
export const localeDirection = (locale: Locale): "rtl" | "ltr" => (locale === "ar" ? "rtl" : "ltr");

/**
 * The best of our languages for an Accept-Language header ("fr-CH, fr;q=0.9, en;q=0.8"), by its
 * quality values, matching on the primary subtag; English when none matches or the header is odd.
 */
export function matchAcceptLanguage(header: string | null | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranked = header
    .slice(0, 1000)
    .split(",")
    .map((part, index) => {
      const [tag = "", ...params] = part.trim().split(";");
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { primary: tag.toLowerCase().split("-")[0], quality: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.quality > 0 && Number.isFinite(entry.quality))
    .sort((a, b) => b.quality - a.quality || a.index - b.index);
  return ranked.map((entry) => entry.primary).find(isLocale) ?? DEFAULT_LOCALE;
}
