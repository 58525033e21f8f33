/**
 * A budget account's figures computed from the stored data, for the money invariants
 * (tests/domain/deliveries/money-model.test.ts). Definitions, per budget account A:
 *   sent(A)      = Σ amounts of A's RESERVED movements (one per delivery request charged to A)
 *   released(A)  = Σ amounts of A's RELEASED movements (one per reverted delivery of those requests)
 *   the deliveries of A = the deliveries of the requests that have a RESERVED movement on A
 *   delivered(A) = Σ of those with deliveredAt set and revertedAt null (reported delivered, not reverted)
 *   reverted(A)  = Σ of those with revertedAt set
 *   pending(A)   = Σ of the rest (neither delivered nor reverted)
 * and the stored columns reservedMinor and deliveredMinor of A; and per delivery request, its stored
 * deliveredMinor and revertedMinor against its own deliveries' delivered and reverted sums.
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
    select: { deliveryRequestId: true, amountMinor: true, deliveredAt: true, revertedAt: true },
  });
  const requests = await db().deliveryRequest.findMany({
    where: { id: { in: requestIds } },
    select: { id: true, deliveredMinor: true, revertedMinor: true },
  });
  const ofRequest = (id: string, keep: (d: (typeof deliveries)[number]) => boolean) =>
    sum(deliveries.filter((d) => d.deliveryRequestId === id && keep(d)).map((d) => d.amountMinor));
  const requestSums = requests.map((request) => ({
    id: request.id,
    stored: [request.deliveredMinor, request.revertedMinor],
    computed: [ofRequest(request.id, isDelivered), ofRequest(request.id, isReverted)],
  }));
  const amounts = (keep: (d: (typeof deliveries)[number]) => boolean) =>
    sum(deliveries.filter(keep).map((d) => d.amountMinor));
  return {
    limit: account.limitMinor,
    reserved: account.reservedMinor,
    deliveredColumn: account.deliveredMinor,
    sent: of("RESERVED"),
    released: of("RELEASED"),
    delivered: amounts(isDelivered),
    reverted: amounts(isReverted),
    pending: amounts((d) => d.deliveredAt === null && d.revertedAt === null),
    requestSums,
  };
}

type Outcome = { deliveredAt: Date | null; revertedAt: Date | null };
const isDelivered = (d: Outcome) => d.deliveredAt !== null && d.revertedAt === null;
const isReverted = (d: Outcome) => d.revertedAt !== null;

/** The invariants of one account; returns the figures for comparing with a model. */
export async function checkInvariants(accountId: string, expect: (ok: boolean, what: string) => void) {
  const l = await ledger(accountId);
  const show = JSON.stringify(l, (_k, v) => (typeof v === "bigint" ? String(v) : v));
  expect(l.reserved >= 0n && l.reserved <= l.limit, `0 ≤ reserved ≤ limit: ${show}`);
  expect(l.reserved === l.sent - l.released, `reserved = sent − released: ${show}`);
  expect(l.delivered + l.pending + l.reverted === l.sent, `delivered + pending + reverted = sent: ${show}`);
  expect(l.deliveredColumn === l.delivered, `deliveredMinor = delivered: ${show}`);
  expect(l.released === l.reverted, `released = reverted: ${show}`);
  for (const request of l.requestSums)
    expect(
      request.stored.every((value, i) => value === request.computed[i]),
      `a request's deliveredMinor and revertedMinor = its deliveries' sums: ${show}`,
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
    select: { channelId: true, totalMinor: true, deliveredMinor: true, revertedMinor: true },
  });
  const computed = new Map<string, bigint[]>();
  for (const { channelId, totalMinor, deliveredMinor, revertedMinor } of requests) {
    const [count, sent, delivered, reverted] = computed.get(channelId) ?? [0n, 0n, 0n, 0n];
    computed.set(channelId, [
      count! + 1n,
      sent! + totalMinor,
      delivered! + deliveredMinor,
      reverted! + revertedMinor,
    ]);
  }
  const kept = await db().programChannelSpending.findMany({ where: { programId } });
  const stored = new Map(
    kept.map((row) => [
      row.channelId,
      [BigInt(row.requests), row.sentMinor, row.deliveredMinor, row.revertedMinor],
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
