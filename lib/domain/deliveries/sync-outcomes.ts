/**
 * The providers' reports (DeliveryRequest/Sync, Delivery/Sync): the provider's ids and statuses, and
 * the money they move — a reverted delivery goes back to every budget its request reserved against,
 * a delivered one counts as delivered there (what was not delivered of it goes back), each once
 * however often it is reported.
 *
 * The actor is the provider's API key (or a provider user); its organisation is the tenant. A request
 * awaiting approval (or rejected, or expired) was never sent: the provider cannot know of it, so its
 * reports about it are answered as about an unknown one.
 */
import { databaseKind } from "../../config";
import { say } from "../../contract/validation-messages";
import {
  db,
  markDeliveredWhole,
  readSentDeliveries,
  type SentDelivery,
  type Tx,
  takeWriteLock,
} from "../../db";
import { recordAudit } from "../audit";
import { BudgetMoves } from "../budgets";
import { notFound } from "../errors";
import { type Actor, authorizeProvider } from "../permissions";
import { StatusUpdates, WholeDeliveries } from "./outcome-writes";
import { DELIVERED_STATUSES, deliveredAmountOf, type ReportedAmount } from "./reported-amounts";
import { RequestOutcomes } from "./request-outcomes";

/** What a provider can see of delivery requests: those sent to one of its channels. */
const sentTo = (providerId: string) => ({ channel: { providerId }, approvalState: "SENT" });

/** DeliveryRequest/Sync: the provider maps the request to its own id and reports its status. */
export async function syncDeliveryRequest(
  actor: Actor,
  report: { deliveryRequestId: string; providerDeliveryRequestId?: string | null; status: string },
) {
  const providerId = authorizeProvider(actor, "provider.deliveries.report");
  const data = {
    status: report.status,
    ...(report.providerDeliveryRequestId
      ? { providerDeliveryRequestId: report.providerDeliveryRequestId }
      : {}),
  };
  await db().$transaction(async (tx) => {
    const { count } = await tx.deliveryRequest.updateMany({
      where: { id: report.deliveryRequestId, ...sentTo(providerId) },
      data,
    });
    if (count !== 1) throw notFound(say("noDeliveryRequestWithId", { id: report.deliveryRequestId }));
    await recordAudit(tx, actor, {
      action: "delivery_request.synced",
      subjectType: "DeliveryRequest",
      subjectId: report.deliveryRequestId,
      after: data,
    });
  });
}

const YIELD_EVERY = 10;

/**
 * Delivery/Sync: per-delivery outcomes. DELIVERY_REVERTED gives back what the delivery still holds
 * (and takes it out of the delivered amount when it had been counted delivered); the first DELIVERED
 * or DELIVERY_COLLECTED counts its deliveryAmount (else the whole amount) as delivered and gives the
 * rest back (deliveredAt, deliveredAmountMinor), and nothing counts it again — not a later report of
 * either, nor one after a revert. Other statuses are recorded and move no money.
 * All or nothing: an unknown delivery id, or an amount or unit that cannot be the delivery's
 * (reported-amounts.ts), refuses the whole report.
 */
export async function syncDeliveries(actor: Actor, reports: OutcomeReport[]) {
  const providerId = authorizeProvider(actor, "provider.deliveries.report");
  await applyDeliveryOutcomes(actor, providerId, reports);
}

export type OutcomeReport = { deliveryId: string; providerDeliveryId?: string | null } & ReportedAmount;

/**
 * What Delivery/Sync does once the reporter is known to speak for `providerId`: the one code path by
 * which outcomes reach our records, whether a provider reports them or finance uploads the provider's
 * statement (lib/domain/reconciliation). Answers how many deliveries it moved out of their state
 * (delivered, or reverted): 0 when every outcome had been applied already.
 */
export function applyDeliveryOutcomes(
  actor: Actor,
  providerId: string,
  reports: OutcomeReport[],
): Promise<number> {
  return db().$transaction((tx) => applyDeliveryOutcomesIn(tx, actor, providerId, reports));
}

/**
 * The same, inside a transaction the caller holds: an approved adjustment of a statement's break
 * (lib/domain/reconciliation/break-adjustments.ts) applies its outcome with its decision, or neither.
 * `read`: the reported deliveries as the caller read them in this transaction, after
 * takeWriteLock (a statement upload matches its lines on them); else they are read here.
 */
export async function applyDeliveryOutcomesIn(
  tx: Tx,
  actor: Actor,
  providerId: string,
  reports: OutcomeReport[],
  read?: ReadonlyMap<string, SentDelivery>,
): Promise<number> {
  await takeWriteLock(tx);
  const deliveries =
    read ??
    (await readSentDeliveries(
      tx,
      providerId,
      reports.map((report) => report.deliveryId),
    ));
  await lockInIdOrder(tx, [...deliveries.keys()]);
  // Outcomes that move no money are written together, which is only the same as writing each in
  // turn when no delivery is reported twice (the contract refuses that; a caller might not).
  const distinct = new Set(reports.map((report) => report.deliveryId)).size === reports.length;
  const statusOnly = new StatusUpdates();
  const outcomes = new RequestOutcomes();
  const moves = new BudgetMoves();
  let moved = 0;
  // One instant for the report: its outcomes and its budget movements carry it alike, so a
  // statement of any period counts both or neither.
  const at = new Date();
  // Checked whole before anything is written: a refused report leaves no trace.
  const amounts = reports.map((report, index) => {
    const delivery = deliveries.get(report.deliveryId);
    if (!delivery) throw notFound(say("noDeliveryWithId", { id: report.deliveryId }));
    return deliveredAmountOf(report, delivery, index);
  });
  // Outcomes delivered whole with nothing else to write (no provider id, the whole amount), when
  // no delivery is reported twice: marked in one statement per status instead of one each (an
  // upload's 100,000 outcomes, bench:scale), before the loop moves their money in order.
  const wholes = new WholeDeliveries();
  if (distinct)
    for (const [index, report] of reports.entries())
      if (
        DELIVERED_STATUSES.has(report.status) &&
        !report.providerDeliveryId &&
        amounts[index] === deliveries.get(report.deliveryId)!.amountMinor
      )
        wholes.add(report.status, report.deliveryId);
  const markedWhole = await wholes.mark((ids, status) => markDeliveredWhole(tx, ids, status, at));
  for (const [index, report] of reports.entries()) {
    const delivery = deliveries.get(report.deliveryId)!;
    // SQLite's driver answers synchronously: without a turn of the event loop now and then, a
    // 1,000-delivery report would hold every other request (lookups included) until it commits.
    if (index % YIELD_EVERY === YIELD_EVERY - 1) await new Promise((resolve) => setImmediate(resolve));
    const data = {
      status: report.status,
      ...(report.providerDeliveryId ? { providerDeliveryId: report.providerDeliveryId } : {}),
    };
    // Conditional updates: of two reports racing, only the one that changes the state moves money.
    if (report.status === "DELIVERY_REVERTED") {
      const reverted = await markReverted(tx, delivery, data, at);
      if (reverted !== null) {
        moved++;
        outcomes.reverted(delivery, reverted);
        moves.released(delivery.deliveryRequest, reverted.amountMinor, delivery.id, reverted.wasDelivered);
      }
    } else if (wholes.has(delivery.id)) {
      // Delivered whole, marked with the others of its status before the loop: its money moves
      // here, in the report's order, if that statement marked it.
      if (markedWhole.has(delivery.id)) {
        moved++;
        outcomes.delivered(delivery, delivery.amountMinor, 0n);
        moves.delivered(delivery.deliveryRequest, delivery.amountMinor, delivery.id, 0n);
      } else statusOnly.addUnlessReverted(delivery.id, { status: report.status });
    } else if (DELIVERED_STATUSES.has(report.status)) {
      const deliveredMinor = amounts[index]!;
      const { count } = await tx.delivery.updateMany({
        where: { id: delivery.id, deliveredAt: null, revertedAt: null },
        data: { ...data, deliveredAt: at, deliveredAmountMinor: deliveredMinor },
      });
      if (count === 1) {
        moved++;
        const undeliveredMinor = delivery.amountMinor - deliveredMinor;
        outcomes.delivered(delivery, deliveredMinor, undeliveredMinor);
        moves.delivered(delivery.deliveryRequest, deliveredMinor, delivery.id, undeliveredMinor);
      } else await tx.delivery.updateMany({ where: { id: delivery.id, revertedAt: null }, data });
    } else if (distinct) {
      statusOnly.add(delivery.id, data);
    } else {
      await tx.delivery.update({ where: { id: delivery.id }, data });
    }
  }
  await statusOnly.write(tx);
  await outcomes.write(tx);
  await moves.write(tx, at);
  // One entry per delivery reported, written in one statement with the report.
  await recordAudit(
    tx,
    actor,
    reports.map((report) => ({
      action: "delivery.synced",
      subjectType: "Delivery",
      subjectId: report.deliveryId,
      before: { status: deliveries.get(report.deliveryId)?.status },
      after: { status: report.status },
    })),
  );
  return moved;
}

/**
 * Takes the report's delivery rows (PostgreSQL) in one order for every report, by id, before any is
 * written. The writes below follow the report's order, then group the outcomes that move no money
 * by status: two reports naming the same deliveries in other orders locked them in other orders and
 * deadlocked (one answered 500). Locking first keeps the writes, and so the report's movements and
 * answers, as they were. SQLite has one writer at a time (takeWriteLock).
 */
async function lockInIdOrder(tx: Tx, ids: string[]) {
  if (databaseKind() !== "postgres" || ids.length === 0) return;
  // The ids as one array: one bound value however long the report.
  await tx.$executeRaw`
    SELECT 1 FROM "Delivery" WHERE "id" = ANY(${ids}::text[]) ORDER BY "id" FOR NO KEY UPDATE`;
}

/**
 * Marks a delivery reverted, if it was not; returns what goes back (what the delivery still held:
 * what was delivered of it when it had been counted delivered, the rest having gone back then) and
 * whether it had been counted delivered, or null when it was already reverted. Each try is one
 * conditional update the database re-checks on the locked row, so a "delivered" committed
 * concurrently is seen: a delivery only moves pending → delivered → reverted, so three tries decide.
 */
async function markReverted(
  tx: Tx,
  delivery: { id: string; amountMinor: bigint },
  data: { status: string },
  at: Date,
): Promise<{ wasDelivered: boolean; amountMinor: bigint } | null> {
  for (const delivered of [true, false, true]) {
    const { count } = await tx.delivery.updateMany({
      where: { id: delivery.id, revertedAt: null, deliveredAt: delivered ? { not: null } : null },
      data: { ...data, revertedAt: at },
    });
    if (count !== 1) continue;
    if (!delivered) return { wasDelivered: false, amountMinor: delivery.amountMinor };
    // Read after the update, on the row it holds: the amount its "delivered" counted.
    const { deliveredAmountMinor } = await tx.delivery.findUniqueOrThrow({
      where: { id: delivery.id },
      select: { deliveredAmountMinor: true },
    });
    return { wasDelivered: true, amountMinor: deliveredAmountMinor ?? delivery.amountMinor };
  }
  return null;
}
