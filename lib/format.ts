/**
 * One format for numbers, amounts and dates on the pages and in messages (issues 10 and 13), through
 * `Intl` in the reader's language: English keeps its sortable "2026-11-23 09:05 UTC" and "1,234.50
 * EUR"; other languages get their own digits, grouping and date order. Dates are always UTC, saying
 * so. Free of server-only code, so client components use it too (lib/i18n/use-format.ts binds it to
 * the page's language). Nothing else formats these by hand.
 */
import { DEFAULT_LOCALE } from "./i18n/locales";

export interface Formatter {
  /** "1,234.50": an amount in major units (a channel's budget, a chart's value), without its unit. */
  decimal(value: number): string;
  /** "1,234.50 EUR" from integer hundredths; a negative amount keeps its sign. */
  amount(minor: bigint, unit: string): string;
  /** "10,000" */
  count(count: number): string;
  /** "1,234", or "10,000+" for a count that stopped at its cap. */
  cappedCount(count: Counted): string;
  /** "2026-11-23 09:05 UTC", with `seconds` where events follow each other closely. */
  dateTime(date: Date, options?: { seconds?: boolean }): string;
}

/** An exact count, or one that stopped at its cap (lib/domain/paging.ts's countUpTo). */
export type Counted = number | { total: number; totalCapped: boolean };

/** Whether a count, capped or not, counted anything. */
export const countedAny = (count: Counted) => (typeof count === "number" ? count : count.total) > 0;

const ISO_CURRENCY = /^[A-Z]{3}$/;

function englishDateTime(): Formatter["dateTime"] {
  const format = new Intl.DateTimeFormat("en-CA", {
    timeZone: "UTC",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  });
  return (date, { seconds = false } = {}) => {
    const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
    const time = `${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ""}`;
    return `${parts.year}-${parts.month}-${parts.day} ${time} UTC`;
  };
}

function localDateTime(locale: string): Formatter["dateTime"] {
  const options = (second?: "2-digit"): Intl.DateTimeFormatOptions => ({
    timeZone: "UTC",
    timeZoneName: "short",
    dateStyle: undefined,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second,
    hourCycle: "h23",
  });
  const withoutSeconds = new Intl.DateTimeFormat(locale, options());
  const withSeconds = new Intl.DateTimeFormat(locale, options("2-digit"));
  return (date, { seconds = false } = {}) => (seconds ? withSeconds : withoutSeconds).format(date);
}

function makeFormatter(locale: string): Formatter {
  const decimalFormat = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  const countFormat = new Intl.NumberFormat(locale, { maximumFractionDigits: 0 });
  const english = locale === DEFAULT_LOCALE;
  const decimal = (value: number) => decimalFormat.format(value);
  const currencies = new Map<string, Intl.NumberFormat>();
  const currencyFormat = (unit: string) => {
    let format = currencies.get(unit);
    if (!format) {
      format = new Intl.NumberFormat(locale, { style: "currency", currency: unit, currencyDisplay: "code" });
      currencies.set(unit, format);
    }
    return format;
  };
  const count = (value: number) => countFormat.format(value);
  return {
    decimal,
    amount(minor, unit) {
      const major = Number(minor) / 100;
      // A currency reads as the language writes one ("1 234,50 EUR"); any other unit follows the number.
      if (english || !ISO_CURRENCY.test(unit)) return `${decimal(major)} ${unit}`;
      return currencyFormat(unit).format(major);
    },
    count,
    cappedCount: (value) =>
      typeof value === "number" ? count(value) : `${count(value.total)}${value.totalCapped ? "+" : ""}`,
    dateTime: english ? englishDateTime() : localDateTime(locale),
  };
}

const formatters = new Map<string, Formatter>();

/** The formatter of one language, made once. */
export function formatterFor(locale: string = DEFAULT_LOCALE): Formatter {
  let formatter = formatters.get(locale);
  if (!formatter) {
    formatter = makeFormatter(locale);
    formatters.set(locale, formatter);
  }
  return formatter;
}

/* English, for what has no reader's language: logs, CSV files, API texts. */
const english = formatterFor(DEFAULT_LOCALE);
export const formatDecimal = english.decimal;
export const formatAmount = english.amount;
export const formatCount = english.count;
export const formatCappedCount = english.cappedCount;
export const formatDateTime = english.dateTime;

/** Every direction control: embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069). */
const DIRECTION_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

/**
 * Someone else's text without its direction controls: an unclosed right-to-left override, or a
 * stray end of isolate, would reorder what follows it, even past an isolating <bdi> ("Cash (Acme)
 * pickup"). Marks (U+200E, U+200F) stay: they reorder nothing beyond themselves.
 */
export const withoutDirectionControls = (text: string) => text.replace(DIRECTION_CONTROLS, "");

/**
 * Someone else's text isolated inside plain text where no <bdi> can go (a select's option, a
 * validation message's argument on a right-to-left page): first-strong isolate … pop directional
 * isolate around it, its own controls removed. A sentence the page shows or names a region by
 * (a summary, a budget's label) only drops the controls: the marks would stay in its accessible
 * name and in what a search of the page finds.
 */
export const isolated = (text: string) => `\u2068${withoutDirectionControls(text)}\u2069`;

/** The name of a commodity unit ("Kilogram" for KG_COMMODITY) in the reader's language, if it has one. */
export type UnitName = (unit: string) => string | undefined;

/**
 * `formatter` with commodity units named (1,000.00 Kilogram, not KG_COMMODITY); a currency keeps its
 * ISO code, which is how money is written. The pages' formatters (useFormat, getFormat) are these.
 */
export function namingUnits(formatter: Formatter, unitName: UnitName): Formatter {
  return { ...formatter, amount: (minor, unit) => formatter.amount(minor, unitName(unit) ?? unit) };
}

/** The `lookups` catalog's name of a commodity unit, for namingUnits. */
export const commodityName =
  (catalog: { (key: string): string; has(key: string): boolean }): UnitName =>
  (unit) =>
    catalog.has(`Commodity.${unit}`) ? catalog(`Commodity.${unit}`) : undefined;
