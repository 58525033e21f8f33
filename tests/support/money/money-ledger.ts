/**
 * A budget account's figures computed from the stored data, for the money invariants
 * (tests/domain/deliveries/money-model.test.ts). Definitions, per budget account A:
 *   sent(A)      = Σ amounts of A's RESERVED movements (one per delivery request charged to A)
 *   released(A)  = Σ amounts of A's RELEASED movements (per reverted delivery, and per delivery
 *                  delivered in part)
 *   the deliveries of A = the deliveries of the requests that have a RESERVED movement on A; of each:
 *   delivered(A)   = Σ deliveredAmountMinor of those with deliveredAt set and revertedAt null
 *   undelivered(A) = Σ amountMinor − deliveredAmountMinor of those with deliveredAt set (the remainder
 *                    of a partial delivery, given back when reported, reverted later or not)
 *   reverted(A)    = Σ of those with revertedAt set, of what they still held (deliveredAmountMinor
 *                    when delivered before, else amountMinor)
 *   pending(A)     = Σ amountMinor of the rest (neither delivered nor reverted)
 * and the stored columns reservedMinor and deliveredMinor of A; and per delivery request, its stored
 * deliveredMinor, revertedMinor and undeliveredMinor against its own deliveries' sums.
 */
import { db } from "../../../lib/db";

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
    select: {
      deliveryRequestId: true,
      amountMinor: true,
      deliveredAmountMinor: true,
      deliveredAt: true,
      revertedAt: true,
    },
  });
  const requests = await db().deliveryRequest.findMany({
    where: { id: { in: requestIds } },
    select: { id: true, deliveredMinor: true, revertedMinor: true, undeliveredMinor: true },
  });
  const ofRequest = (id: string, part: (d: Outcome) => bigint) =>
    sum(deliveries.filter((d) => d.deliveryRequestId === id).map(part));
  const requestSums = requests.map((request) => ({
    id: request.id,
    stored: [request.deliveredMinor, request.revertedMinor, request.undeliveredMinor],
    computed: [deliveredPart, revertedPart, undeliveredPart].map((part) => ofRequest(request.id, part)),
  }));
  const amounts = (part: (d: Outcome) => bigint) => sum(deliveries.map(part));
  return {
    limit: account.limitMinor,
    reserved: account.reservedMinor,
    deliveredColumn: account.deliveredMinor,
    sent: of("RESERVED"),
    released: of("RELEASED"),
    delivered: amounts(deliveredPart),
    undelivered: amounts(undeliveredPart),
    reverted: amounts(revertedPart),
    pending: amounts((d) => (d.deliveredAt === null && d.revertedAt === null ? d.amountMinor : 0n)),
    requestSums,
  };
}

type Outcome = {
  amountMinor: bigint;
  deliveredAmountMinor: bigint | null;
  deliveredAt: Date | null;
  revertedAt: Date | null;
};
/** What was counted delivered of a delivery (stored with it when it was). */
const counted = (d: Outcome) => d.deliveredAmountMinor ?? d.amountMinor;
const deliveredPart = (d: Outcome) => (d.deliveredAt !== null && d.revertedAt === null ? counted(d) : 0n);
const undeliveredPart = (d: Outcome) => (d.deliveredAt !== null ? d.amountMinor - counted(d) : 0n);
const revertedPart = (d: Outcome) =>
  d.revertedAt === null ? 0n : d.deliveredAt !== null ? counted(d) : d.amountMinor;

/** The invariants of one account; returns the figures for comparing with a model. */
export async function checkInvariants(accountId: string, expect: (ok: boolean, what: string) => void) {
  const l = await ledger(accountId);
  const show = JSON.stringify(l, (_k, v) => (typeof v === "bigint" ? String(v) : v));
  expect(l.reserved >= 0n && l.reserved <= l.limit, `0 ≤ reserved ≤ limit: ${show}`);
  expect(l.reserved === l.sent - l.released, `reserved = sent − released: ${show}`);
  expect(
    l.delivered + l.undelivered + l.pending + l.reverted === l.sent,
    `delivered + undelivered + pending + reverted = sent: ${show}`,
  );
  expect(l.deliveredColumn === l.delivered, `deliveredMinor = delivered: ${show}`);
  expect(l.released === l.reverted + l.undelivered, `released = reverted + undelivered: ${show}`);
  for (const request of l.requestSums)
    expect(
      request.stored.every((value, i) => value === request.computed[i]),
      `a request's deliveredMinor, revertedMinor and undeliveredMinor = its deliveries' sums: ${show}`,
    );
  return l;
}

/**
 * The program's spending per channel as the database keeps it (ProgramChannelSpending, kept by
 * triggers on DeliveryRequest) against its definition: per channel, the count and the sums of the
 * program's requests that keep their amounts reserved (SENT or PENDING_APPROVAL).
 */
export async function checkProgramSpending(programId: string, expect: (ok: boolean, what: string) => void) {
  const requests = await db().deliveryRequest.findMany({
    where: { programId, approvalState: { in: ["SENT", "PENDING_APPROVAL"] } },
    select: {
      channelId: true,
      totalMinor: true,
      deliveredMinor: true,
      revertedMinor: true,
      undeliveredMinor: true,
    },
  });
  const computed = new Map<string, bigint[]>();
  for (const { channelId, totalMinor, deliveredMinor, revertedMinor, undeliveredMinor } of requests) {
    const sums = [1n, totalMinor, deliveredMinor, revertedMinor, undeliveredMinor];
    const before = computed.get(channelId) ?? [0n, 0n, 0n, 0n, 0n];
    computed.set(
      channelId,
      sums.map((value, i) => before[i]! + value),
    );
  }
  const kept = await db().programChannelSpending.findMany({ where: { programId } });
  const stored = new Map(
    kept.map((row) => [
      row.channelId,
      [BigInt(row.requests), row.sentMinor, row.deliveredMinor, row.revertedMinor, row.undeliveredMinor],
    ]),
  );
  const show = (map: Map<string, bigint[]>) =>
    JSON.stringify([...map].sort(), (_k, v) => (typeof v === "bigint" ? String(v) : v));
  for (const [channelId, sums] of stored)
    if (!computed.has(channelId))
      expect(
        sums.every((value) => value === 0n),
        `a channel without reserving requests keeps zeros: ${show(stored)}`,
      );
  for (const [channelId, sums] of computed)
    expect(
      sums.every((value, i) => value === stored.get(channelId)?.[i]),
      `kept spending = the requests' sums: kept ${show(stored)}, computed ${show(computed)}`,
    );
}
