/**
 * A statement (lib/domain/reconciliation) against the budget movements of the same period, for the
 * identity the issue asks a test to prove on random histories: on the program's virtual budget,
 * which every request reserves against, the movements of one provider's requests and deliveries in
 * [start, end) add up to the statement's lines, and its pending figures roll forward.
 */
import { db } from "../../../lib/db";
import { statement } from "../../../lib/domain/reconciliation";
import { ADMIN } from "../users/actors";

const sum = (values: bigint[]) => values.reduce((total, value) => total + value, 0n);

/** Σ of the program account's movements in the period, by kind, of the provider's requests. */
async function movementSums(programAccountId: string, providerId: string, start: Date, end: Date) {
  const movements = await db().budgetMovement.findMany({
    where: { accountId: programAccountId, at: { gte: start, lt: end } },
  });
  const requestIds = movements.flatMap((m) => (m.deliveryRequestId ? [m.deliveryRequestId] : []));
  const deliveryIds = movements.flatMap((m) => (m.deliveryId ? [m.deliveryId] : []));
  const theirs = new Set([
    ...(
      await db().deliveryRequest.findMany({
        where: { id: { in: requestIds }, channel: { providerId } },
        select: { id: true },
      })
    ).map((r) => r.id),
    ...(
      await db().delivery.findMany({
        where: { id: { in: deliveryIds }, deliveryRequest: { channel: { providerId } } },
        select: { id: true },
      })
    ).map((d) => d.id),
  ]);
  const of = (keep: (m: (typeof movements)[number]) => boolean) =>
    sum(
      movements
        .filter((m) => theirs.has(m.deliveryRequestId ?? m.deliveryId ?? "") && keep(m))
        .map((m) => m.amountMinor),
    );
  return {
    reserved: of((m) => m.kind === "RESERVED"),
    releasedRequests: of((m) => m.kind === "RELEASED" && m.deliveryRequestId !== null),
    delivered: of((m) => m.kind === "DELIVERED"),
    releasedDeliveries: of((m) => m.kind === "RELEASED" && m.deliveryId !== null),
  };
}

export async function checkStatementTiesOut(
  program: { id: string; accountId: string },
  providerId: string,
  period: { start: Date; end: Date },
  expect: (ok: boolean, what: string) => void,
) {
  const units = await statement(ADMIN, { providerId, programId: program.id, ...period });
  const moved = await movementSums(program.accountId, providerId, period.start, period.end);
  const line = units[0];
  const show = JSON.stringify({ units, moved }, (_k, v) => (typeof v === "bigint" ? String(v) : v));
  // One program in one unit: one line of units, or none before anything was sent.
  expect(units.length <= 1, `one unit: ${show}`);
  if (!line) {
    expect(
      Object.values(moved).every((value) => value === 0n),
      `no statement, no movements: ${show}`,
    );
    return;
  }
  expect(line.budget.reserved.amountMinor === moved.reserved, `reserved = Σ RESERVED: ${show}`);
  expect(
    line.budget.releasedUnsent.amountMinor === moved.releasedRequests,
    `released unsent = Σ RELEASED of requests: ${show}`,
  );
  expect(
    line.delivered.amountMinor + line.deliveredInPart.amountMinor === moved.delivered,
    `delivered whole and in part = Σ DELIVERED: ${show}`,
  );
  expect(
    line.deliveredInPart.undeliveredMinor +
      line.revertedUndelivered.amountMinor +
      line.revertedAfterDelivery.amountMinor ===
      moved.releasedDeliveries,
    `undelivered parts and reverts = Σ RELEASED of deliveries: ${show}`,
  );
  const left = line.delivered.count + line.deliveredInPart.count + line.revertedUndelivered.count;
  const leftMinor =
    line.delivered.amountMinor +
    line.deliveredInPart.amountMinor +
    line.deliveredInPart.undeliveredMinor +
    line.revertedUndelivered.amountMinor;
  expect(
    line.closingPending.count === line.openingPending.count + line.sent.count - left &&
      line.closingPending.amountMinor === line.openingPending.amountMinor + line.sent.amountMinor - leftMinor,
    `closing pending = opening + sent − outcomes: ${show}`,
  );
  return line;
}
