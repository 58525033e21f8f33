/**
 * Amounts of money or commodity (budgets, deliveries): budgets add up in integer hundredths
 * (lib/domain/money.ts), so an amount has at most two decimals and stays below 10^13, where
 * hundredths are still exact in a double. Refused at the door, an amount can never fail later
 * (a budget that no delivery request could be counted against).
 */

import { z } from "zod";
import { say } from "./validation-messages";

export const MAX_AMOUNT = 1e13;

export function hasAtMostTwoDecimals(amount: number): boolean {
  return Number.isFinite(amount) && Math.abs(Math.round(amount * 100) - amount * 100) <= 1e-6;
}

export const amountSchema = z
  .number()
  .finite()
  .nonnegative(say("mustNotBeNegative"))
  .max(MAX_AMOUNT, say("mustBeAtMost", { max: MAX_AMOUNT.toExponential() }))
  .refine(hasAtMostTwoDecimals, say("mustHaveAtMostTwoDecimals"))
  .meta({ multipleOf: 0.01 });

/**
 * A money field's number as its form holds it (components/ui/money-input.tsx): blank is null, text
 * that is not an amount NaN, and each gets its own message rather than one "invalid number".
 */
export const typedAmount = () =>
  z.number({
    error: (issue) =>
      issue.input === null || issue.input === undefined ? say("enterAmount") : say("enterAmountInDigits"),
  });
