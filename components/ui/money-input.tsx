/**
 * The one money field (issue 30, finding 4): an amount typed the way the reader's language writes
 * numbers ("20,000.50", "20 000,50"), read by lib/amount-text.ts. Its hint says the unit and shows
 * an example in that format, so a person never guesses whether to type "20000 EUR" or "20,000".
 */
import { useLocale, useTranslations } from "next-intl";
import type { ComponentPropsWithRef, ReactNode } from "react";
import { amountExample, readAmountText } from "@/lib/amount-text";
import { TextInput } from "./field";

type MoneyInputProps = ComponentPropsWithRef<"input"> & {
  label: ReactNode;
  error?: string;
  /** The currency or commodity the amount is in, when the form knows it. */
  unit?: string;
  hint?: ReactNode;
  /** In a row repeated many times: the example as placeholder instead of a hint under each field. */
  compact?: boolean;
};

export function MoneyInput({ unit, hint, compact = false, ...props }: MoneyInputProps) {
  const t = useTranslations("ui.money");
  const example = amountExample(useLocale());
  const format = unit ? t("hintWithUnit", { unit, example }) : t("hint", { example });
  return (
    <TextInput
      inputMode="decimal"
      autoComplete="off"
      placeholder={compact ? example : undefined}
      hint={compact ? hint : hint ? `${hint} ${format}` : format}
      {...props}
    />
  );
}

/**
 * What a money field holds, for react-hook-form's setValueAs: the number typed, null when blank,
 * NaN when the text is not an amount (the schema then says so).
 */
export function useReadAmount() {
  const locale = useLocale();
  return (text: unknown) => (typeof text === "number" ? text : readAmountText(String(text ?? ""), locale));
}
