/** The one format of counts, amounts and dates (lib/format.ts): the same as the older ISO-like dates. */
import fc from "fast-check";
import { expect, it } from "vitest";
import { formatAmount, formatCount, formatDateTime, formatDecimal } from "@/lib/format";

it("formats amounts with thousands separators and two decimals, counts with separators", () => {
  expect(formatAmount(123456789n, "EUR")).toBe("1,234,567.89 EUR");
  expect(formatAmount(-100000n, "EUR")).toBe("-1,000.00 EUR");
  expect(formatAmount(5n, "MT")).toBe("0.05 MT");
  expect(formatCount(10000)).toBe("10,000");
  expect(formatCount(0)).toBe("0");
});

it("formats a major-unit amount exactly as formatAmount formats its hundredths", () => {
  expect(formatDecimal(100000)).toBe("100,000.00");
  expect(formatDecimal(0.5)).toBe("0.50");
  fc.assert(
    fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), (minor) => {
      expect(`${formatDecimal(Number(minor) / 100)} EUR`).toBe(formatAmount(minor, "EUR"));
    }),
  );
});

const anyDate = fc.date({ min: new Date("1970-01-01"), max: new Date("9999-12-31"), noInvalidDate: true });

it("formats any date in UTC, saying so, as the ISO-like 'YYYY-MM-DD HH:mm UTC'", () => {
  fc.assert(
    fc.property(anyDate, (date) => {
      expect(formatDateTime(date)).toBe(`${date.toISOString().replace("T", " ").slice(0, 16)} UTC`);
    }),
  );
});

it("adds the seconds when asked, in the same shape", () => {
  expect(formatDateTime(new Date("2026-11-23T09:05:07.890Z"), { seconds: true })).toBe(
    "2026-11-23 09:05:07 UTC",
  );
  fc.assert(
    fc.property(anyDate, (date) => {
      expect(formatDateTime(date, { seconds: true })).toBe(
        `${date.toISOString().replace("T", " ").slice(0, 19)} UTC`,
      );
    }),
  );
});
