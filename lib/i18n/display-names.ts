/**
 * Lookup names in the reader's language (issue 13): countries, languages and currencies by their
 * ISO codes through `Intl.DisplayNames` (CLDR's names, in Node's and the browser's full ICU); the
 * lookup's own English name where CLDR has none (a code of ours it does not know).
 */
type Kind = "region" | "language" | "currency";

const namers = new Map<string, Intl.DisplayNames>();

function namer(locale: string, type: Kind): Intl.DisplayNames {
  const key = `${locale}:${type}`;
  let found = namers.get(key);
  if (!found) {
    found = new Intl.DisplayNames([locale], { type, fallback: "none" });
    namers.set(key, found);
  }
  return found;
}

export function displayName(locale: string, type: Kind, code: string, fallback: string): string {
  try {
    return namer(locale, type).of(type === "region" ? code.toUpperCase() : code) ?? fallback;
  } catch {
    // A code Intl refuses outright (not a well-formed tag): the lookup's name.
    return fallback;
  }
}
