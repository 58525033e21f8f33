/**
 * The one way an amount typed by a person becomes a number (issue 30, finding 4): every money
 * field (a program's budget, an approval threshold, a channel's budget, a delivery's amount) reads
 * its text here, in the reader's language. "20,000.50" in English, "20 000,50" in French and
 * Russian, "20.000,50" in Spanish; Arabic-Indic digits too. Grouping is checked (thousands of three
 * digits), so "1,2,3" is not a number rather than 123. A unit, or any other letter, is not a
 * number either: the field already says its unit, and a number that carried another would be wrong.
 * Free of server-only code: forms read their fields with it before the schema checks them.
 */
import { DEFAULT_LOCALE } from "./i18n/locales";

interface Separators {
  group: string;
  decimal: string;
}

const separators = new Map<string, Separators>();

function separatorsOf(locale: string): Separators {
  let found = separators.get(locale);
  if (!found) {
    const parts = new Intl.NumberFormat(locale).formatToParts(12345.6);
    found = {
      group: parts.find((part) => part.type === "group")?.value ?? ",",
      decimal: parts.find((part) => part.type === "decimal")?.value ?? ".",
    };
    separators.set(locale, found);
  }
  return found;
}

/** Spaces a language groups with (no-break and narrow no-break too): any of them reads as one. */
const SPACES = /[\s\u00a0\u202f]/;
/** Arabic-Indic (U+0660–0669) and extended Arabic-Indic (U+06F0–06F9) digits, as ASCII. */
const toAsciiDigits = (text: string) =>
  text.replace(/[\u0660-\u0669\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) & 0xf));
/** Arabic's own separators (momayyez U+066B, thousands U+066C), whatever the page's language. */
const ARABIC_DECIMAL = "\u066b";
const ARABIC_GROUP = "\u066c";

/**
 * The number a person typed, in `locale`'s way of writing numbers: null when the field is blank,
 * NaN when the text is not an amount.
 */
export function readAmountText(text: string, locale: string = DEFAULT_LOCALE): number | null {
  const typed = toAsciiDigits(text.trim());
  if (typed === "") return null;
  // A sign is read so that the schema can say "must not be negative" rather than "not a number".
  const negative = /^[-\u2212]/.test(typed);
  const trimmed = negative ? typed.slice(1).trim() : typed;
  const { group, decimal } = separatorsOf(locale);
  const groupIsSpace = SPACES.test(group);
  // A decimal point is always a decimal point where the language does not group with it.
  const decimals = [decimal, ARABIC_DECIMAL, ...(group === "." ? [] : ["."])];
  const groups = [ARABIC_GROUP, ...(groupIsSpace ? [" ", "\u00a0", "\u202f"] : [group])];
  let whole = trimmed;
  let fraction = "";
  for (const mark of decimals) {
    const at = trimmed.lastIndexOf(mark);
    if (at >= 0) {
      whole = trimmed.slice(0, at);
      fraction = trimmed.slice(at + mark.length);
      if (!/^\d+$/.test(fraction)) return Number.NaN;
      break;
    }
  }
  const pieces = groups.reduce<string[]>(
    (split, mark) => split.flatMap((piece) => piece.split(mark)),
    [whole],
  );
  if (!pieces.every((piece) => /^\d+$/.test(piece))) return Number.NaN;
  const [first = "", ...thousands] = pieces;
  if (thousands.length && !(first.length <= 3 && thousands.every((piece) => piece.length === 3)))
    return Number.NaN;
  const number = Number(`${pieces.join("")}${fraction ? `.${fraction}` : ""}`);
  return negative ? -number : number;
}

/** "1,234.50" as the language writes it: what a money field's "must be a number" shows as example. */
export const amountExample = (locale: string = DEFAULT_LOCALE) =>
  new Intl.NumberFormat(locale, { minimumFractionDigits: 2 }).format(1234.5);

/** An amount as a money field shows it to be edited: the language's decimal mark, no grouping. */
export const amountInputText = (amount: number | null | undefined, locale: string = DEFAULT_LOCALE) =>
  amount === null || amount === undefined
    ? ""
    : new Intl.NumberFormat(locale, { useGrouping: false, maximumFractionDigits: 2 }).format(amount);
