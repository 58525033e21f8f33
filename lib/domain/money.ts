/**
 * Amounts of money or commodity as integer hundredths (minor units), so that budgets add up exactly.
 * Up to two decimals are accepted; more would be lost, so they are refused.
 */
import { hasAtMostTwoDecimals, MAX_AMOUNT } from "../contract/amount";

export { hasAtMostTwoDecimals, MAX_AMOUNT };

export function toMinor(amount: number): bigint {
  if (!Number.isFinite(amount) || amount < 0 || amount > MAX_AMOUNT)
    throw new RangeError("amount out of range");
  const minor = Math.round(amount * 100);
  if (Math.abs(minor - amount * 100) > 1e-6) throw new RangeError("at most two decimals");
  return BigInt(minor);
}

export function fromMinor(minor: bigint): number {
  return Number(minor) / 100;
}

/** "1,234.50 EUR": the one amount format (lib/format.ts), for messages. */
export { formatAmount } from "../format";
