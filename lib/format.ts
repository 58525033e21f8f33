/**
 * One format for numbers, amounts and dates on the pages and in messages (issue 10): English
 * grouping ("1,234.50"), amounts with two decimals and their unit, dates in UTC saying so. Free of
 * server-only code, so client components use it too. Nothing else formats these by hand.
 */
const decimalFormat = new Intl.NumberFormat("en", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
const countFormat = new Intl.NumberFormat("en", { maximumFractionDigits: 0 });
const dateTimeFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "UTC",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** "1,234.50": an amount in major units (a channel's budget, a chart's value), without its unit. */
export function formatDecimal(value: number): string {
  return decimalFormat.format(value);
}

/** "1,234.50 EUR" from integer hundredths; a negative amount keeps its sign. */
export function formatAmount(minor: bigint, unit: string): string {
  return `${formatDecimal(Number(minor) / 100)} ${unit}`;
}

/** "10,000" */
export function formatCount(count: number): string {
  return countFormat.format(count);
}

/** An exact count, or one that stopped at its cap (lib/domain/paging.ts's countUpTo). */
export type Counted = number | { total: number; totalCapped: boolean };

/** "1,234", or "10,000+" for a count that stopped at its cap. */
export function formatCappedCount(count: Counted): string {
  if (typeof count === "number") return formatCount(count);
  return `${formatCount(count.total)}${count.totalCapped ? "+" : ""}`;
}

/** Whether a count, capped or not, counted anything. */
export const countedAny = (count: Counted) => (typeof count === "number" ? count : count.total) > 0;

/**
 * "2026-11-23 09:05 UTC": sortable, unambiguous, the same on the server and in the browser.
 * With `seconds` ("2026-11-23 09:05:07 UTC") where events follow each other closely (webhook attempts).
 */
export function formatDateTime(date: Date, { seconds = false }: { seconds?: boolean } = {}): string {
  const parts = Object.fromEntries(dateTimeFormat.formatToParts(date).map((part) => [part.type, part.value]));
  const time = `${parts.hour}:${parts.minute}${seconds ? `:${parts.second}` : ""}`;
  return `${parts.year}-${parts.month}-${parts.day} ${time} UTC`;
}
