/**
 * What each line of a provider's statement is, against our records (issue 32, item 3): matched (our
 * delivery, its amount and unit, an outcome our records allow), or a break of one class. A matched
 * line whose outcome Sync has not reported yet is to be applied, exactly as Sync would apply it.
 * Pure: the upload reads our records, this decides, so every class is decided in one place.
 */
import type { BreakKind, FileOutcome } from "../../contract/reconciliation/statement-upload-schema";
import type { StatementDelivery } from "../../db";
import type { FileLine } from "./statement-file";

/** A delivery sent to the provider, as our records stand (read by lib/db/statement-delivery-reads.ts). */
export type OurDelivery = StatementDelivery;

export type Verdict = { kind: "MATCHED"; apply: FileOutcome | null } | { kind: BreakKind };

const sameUnit = (a: string, b: string) =>
  a.trim().toLocaleUpperCase("en") === b.trim().toLocaleUpperCase("en");

/** What our records say became of it: reverted wins (a delivery only moves pending → delivered → reverted). */
const stateOf = (ours: OurDelivery): FileOutcome =>
  ours.reverted ? "reverted" : ours.delivered ? "delivered" : "pending";

/**
 * The amount a line about `ours` must carry to match: what was sent while nothing is counted, else
 * what was counted delivered (and so what a revert after it gave back).
 */
const expectedAmount = (ours: OurDelivery) =>
  ours.delivered ? (ours.deliveredAmountMinor ?? ours.amountMinor) : ours.amountMinor;

/** One verdict object per answer, shared by every line that gets it: a file's 100,000 lines hold none of their own. */
const VERDICTS = {
  DUPLICATE_LINE: { kind: "DUPLICATE_LINE" },
  UNKNOWN_DELIVERY: { kind: "UNKNOWN_DELIVERY" },
  CURRENCY_MISMATCH: { kind: "CURRENCY_MISMATCH" },
  AFTER_REVERT_OR_REFUND: { kind: "AFTER_REVERT_OR_REFUND" },
  CONTRADICTS_SYNC: { kind: "CONTRADICTS_SYNC" },
  AMOUNT_MISMATCH: { kind: "AMOUNT_MISMATCH" },
} as const satisfies Partial<Record<BreakKind, Verdict>>;
const MATCHED = {
  delivered: { kind: "MATCHED", apply: "delivered" },
  reverted: { kind: "MATCHED", apply: "reverted" },
  pending: { kind: "MATCHED", apply: "pending" },
  none: { kind: "MATCHED", apply: null },
} as const;

export function classifyLine(line: FileLine, ours: OurDelivery | undefined, seenBefore: boolean): Verdict {
  if (seenBefore) return VERDICTS.DUPLICATE_LINE;
  if (!ours) return VERDICTS.UNKNOWN_DELIVERY;
  if (!sameUnit(line.unit, ours.unit)) return VERDICTS.CURRENCY_MISMATCH;
  const state = stateOf(ours);
  // Paid after we gave the money back (reverted), or after the program asked for it back.
  if (line.outcome === "delivered" && (state === "reverted" || (state === "pending" && ours.refundRequested)))
    return VERDICTS.AFTER_REVERT_OR_REFUND;
  // Still pending in the file when Sync reported an outcome.
  if (line.outcome === "pending" && state !== "pending") return VERDICTS.CONTRADICTS_SYNC;
  if (line.amountMinor !== expectedAmount(ours)) return VERDICTS.AMOUNT_MISMATCH;
  // What the file says happened and Sync has not reported: pending → delivered or reverted; delivered → reverted.
  return line.outcome !== state && state !== "reverted" ? MATCHED[line.outcome] : MATCHED.none;
}

/** A line's key for telling repeats: the delivery it names, or what it names when we know none. */
export const lineKey = (line: FileLine, ours: OurDelivery | undefined) =>
  ours
    ? `id:${ours.id}`
    : line.deliveryId
      ? `id:${line.deliveryId}`
      : line.reference
        ? `ref:${line.reference}`
        : null;
