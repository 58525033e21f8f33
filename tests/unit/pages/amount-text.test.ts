/**
 * Money fields read amounts as the reader's language writes them (issue 30, finding 4): whatever a
 * language prints, its field reads back to the same number; grouping is checked; a unit or other
 * letters are not an amount; a field shows a stored amount so that it reads back unchanged.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { emptyChannelValues, fromChannelContent, toChannelBody } from "@/components/channel-form/form-values";
import { amountInputText, readAmountText } from "@/lib/amount-text";
import type { ChannelBody } from "@/lib/contract/channel";
import { formatterFor } from "@/lib/format";
import { LOCALES } from "@/lib/i18n/locales";
import { fullChannelBody } from "../../support/channels/channel-bodies";

/** Amounts in hundredths up to 10^13, as budgets hold them. */
const amount = fc.bigInt({ min: 0n, max: 10n ** 15n }).map((minor) => Number(minor) / 100);
const locale = fc.constantFrom(...LOCALES);

describe("readAmountText", () => {
  it("reads back what each language prints, grouped or not", () => {
    fc.assert(
      fc.property(amount, locale, (value, lang) => {
        expect(readAmountText(formatterFor(lang).decimal(value), lang)).toBe(value);
        expect(readAmountText(amountInputText(value, lang), lang)).toBe(value);
        const arabicDigits = new Intl.NumberFormat("ar-EG", { maximumFractionDigits: 2 }).format(value);
        expect(readAmountText(arabicDigits, "ar")).toBe(value);
      }),
    );
  });

  it("reads the ways people type amounts in each language", () => {
    expect(readAmountText("20,000", "en")).toBe(20000);
    expect(readAmountText("20,000.5", "en")).toBe(20000.5);
    expect(readAmountText("20000.50", "en")).toBe(20000.5);
    expect(readAmountText("20 000,50", "fr")).toBe(20000.5);
    expect(readAmountText("20000.5", "fr")).toBe(20000.5);
    expect(readAmountText("20.000,5", "es")).toBe(20000.5);
    expect(readAmountText("20\u00a0000,5", "ru")).toBe(20000.5);
    expect(readAmountText("٢٠٬٠٠٠٫٥", "ar")).toBe(20000.5);
    expect(readAmountText("-5", "en")).toBe(-5);
  });

  it("says blank when blank and not-a-number when it is not one", () => {
    expect(readAmountText("", "en")).toBeNull();
    expect(readAmountText("   ", "fr")).toBeNull();
    for (const [text, lang] of [
      ["20000 EUR", "en"],
      ["EUR 20,000", "en"],
      ["1,2,3", "en"],
      ["20,00", "en"],
      ["1.234,5", "fr"],
      ["20.5", "es"],
      ["12.5.1", "en"],
      ["1e3", "en"],
      ["0x10", "en"],
      ["Infinity", "en"],
      ["-", "en"],
      ["1,000.", "en"],
    ] as const)
      expect(readAmountText(text, lang), `${text} in ${lang}`).toBeNaN();
  });

  it("never throws, and gives a number, null or NaN, on any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme" }), locale, (text, lang) => {
        const read = readAmountText(text, lang);
        expect(read === null || typeof read === "number").toBe(true);
      }),
    );
  });
});

describe("the channel form's budget", () => {
  it("shows a stored amount the way the language writes it and reads it back unchanged", () => {
    fc.assert(
      fc.property(amount, locale, (value, lang) => {
        const values = fromChannelContent(
          { ...(fullChannelBody("c-1") as ChannelBody), budget: { currency: "EUR", amount: value } },
          lang,
        );
        expect(toChannelBody(values, lang).budget).toEqual({ currency: "EUR", amount: value });
      }),
    );
  });

  it("reads a grouped amount in French and keeps a unit as text for the schema to refuse", () => {
    const values = emptyChannelValues();
    values.budget.amount = "20 000,5";
    expect(toChannelBody(values, "fr").budget).toEqual({ amount: 20000.5 });
    values.budget.amount = "20000 EUR";
    expect(toChannelBody(values, "en").budget).toEqual({ amount: "20000 EUR" });
  });
});
