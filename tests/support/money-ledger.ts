/**
 * A budget account's figures computed from the stored data, for the money invariants
 * (tests/domain/money-model.test.ts). Definitions, per budget account A:
 *   sent(A)      = Σ amounts of A's RESERVED movements (one per delivery request charged to A)
 *   released(A)  = Σ amounts of A's RELEASED movements (one per reverted delivery of those requests)
 *   the deliveries of A = the deliveries of the requests that have a RESERVED movement on A
 *   delivered(A) = Σ of those with deliveredAt set and revertedAt null (reported delivered, not reverted)
 *   reverted(A)  = Σ of those with revertedAt set
 *   pending(A)   = Σ of the rest (neither delivered nor reverted)
 * and the stored columns reservedMinor and deliveredMinor of A.
 */
import { db } from "../../lib/db";

const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);

export async function ledger(accountId: string) {
  const account = await db().budgetAccount.findUniqueOrThrow({ where: { id: accountId } });
  const movements = await db().budgetMovement.findMany({ where: { accountId } });
  const of = (kind: string) => sum(movements.filter((m) => m.kind === kind).map((m) => m.amountMinor));
  const requestIds = movements.flatMap((m) =>
    m.kind === "RESERVED" && m.deliveryRequestId ? [m.deliveryRequestId] : [],
  );
  const deliveries = await db().delivery.findMany({
    where: { deliveryRequestId: { in: requestIds } },
    select: { amountMinor: true, deliveredAt: true, revertedAt: true },
  });
  const amounts = (keep: (d: (typeof deliveries)[number]) => boolean) =>
    sum(deliveries.filter(keep).map((d) => d.amountMinor));
  return {
    limit: account.limitMinor,
    reserved: account.reservedMinor,
    deliveredColumn: account.deliveredMinor,
    sent: of("RESERVED"),
    released: of("RELEASED"),
    delivered: amounts((d) => d.deliveredAt !== null && d.revertedAt === null),
    reverted: amounts((d) => d.revertedAt !== null),
    pending: amounts((d) => d.deliveredAt === null && d.revertedAt === null),
  };
}

/** The invariants of one account; returns the figures for comparing with a model. */
export async function checkInvariants(accountId: string, expect: (ok: boolean, what: string) => void) {
  const l = await ledger(accountId);
  const show = JSON.stringify(l, (_k, v) => (typeof v === "bigint" ? String(v) : v));
  expect(l.reserved >= 0n && l.reserved <= l.limit, `0 ≤ reserved ≤ limit: ${show}`);
  expect(l.reserved === l.sent - l.released, `reserved = sent − released: ${show}`);
  expect(l.delivered + l.pending + l.reverted === l.sent, `delivered + pending + reverted = sent: ${show}`);
  expect(l.deliveredColumn === l.delivered, `deliveredMinor = delivered: ${show}`);
  expect(l.released === l.reverted, `released = reverted: ${show}`);
  return l;
}
