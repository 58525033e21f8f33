/** The one format of counts, amounts and dates (lib/format.ts): the same as the older ISO-like dates. */
import fc from "fast-check";
import { expect, it } from "vitest";
import { formatAmount, formatCount, formatDateTime } from "@/lib/format";

it("formats amounts with thousands separators and two decimals, counts with separators", () => {
  expect(formatAmount(123456789n, "EUR")).toBe("1,234,567.89 EUR");
  expect(formatAmount(-100000n, "EUR")).toBe("-1,000.00 EUR");
  expect(formatAmount(5n, "MT")).toBe("0.05 MT");
  expect(formatCount(10000)).toBe("10,000");
});

it("formats any date in UTC, saying so, as the ISO-like 'YYYY-MM-DD HH:mm UTC'", () => {
  fc.assert(
    fc.property(
      fc.date({ min: new Date("1970-01-01"), max: new Date("9999-12-31"), noInvalidDate: true }),
      (date) => {
        expect(formatDateTime(date)).toBe(`${date.toISOString().replace("T", " ").slice(0, 16)} UTC`);
      },
    ),
  );
});
