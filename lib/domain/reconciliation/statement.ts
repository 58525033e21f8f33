/**
 * A reconciliation statement (issue 32, item 2): per unit, what was sent to a provider (or for a
 * program) in a period and what became of it, from our own records — the requests' and deliveries'
 * dates and amounts. Every instant a line counts by is the instant of the budget movement the same
 * act wrote (a send's createdAt and its RESERVED, a report's outcomes and its DELIVERED and RELEASED,
 * a rejection's decidedAt and its RELEASED), so a statement of any period ties out exactly to the
 * movements of that period (tests/domain/reconciliation/statement-identity.test.ts):
 *   reserved = Σ RESERVED; releasedUnsent = Σ RELEASED of requests;
 *   delivered + deliveredInPart = Σ DELIVERED;
 *   deliveredInPart.undelivered + revertedUndelivered + revertedAfterDelivery = Σ RELEASED of deliveries;
 * and closingPending = openingPending + sent − delivered − deliveredInPart (both parts) − revertedUndelivered.
 */
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { notFound } from "../errors";
import { type Actor, authorize, authorizeProvider } from "../permissions";

export interface Figure {
  count: number;
  amountMinor: bigint;
}

export interface UnitStatement {
  unit: string;
  openingPending: Figure;
  sent: Figure & { requests: number };
  delivered: Figure;
  deliveredInPart: Figure & { undeliveredMinor: bigint };
  revertedUndelivered: Figure;
  revertedAfterDelivery: Figure;
  refundsRequested: Figure;
  closingPending: Figure;
  /** The budgets' side, for the platform's own readers: requests reserved, and released unsent. */
  budget: { reserved: Figure; releasedUnsent: Figure };
}

export interface StatementScope {
  providerId?: string;
  programId?: string;
  /** The period: from `start`, inclusive, to `end`, exclusive. */
  start: Date;
  end: Date;
}

/** The console's and the platform API's statement: any provider's or program's (either must exist). */
export async function statement(actor: Actor, scope: StatementScope) {
  authorize(actor, "console.read");
  const [provider, program] = await Promise.all([
    scope.providerId && db().provider.findUnique({ where: { id: scope.providerId }, select: { id: true } }),
    scope.programId && db().program.findUnique({ where: { id: scope.programId }, select: { id: true } }),
  ]);
  if (provider === null) throw notFound(say("noSuchProvider"));
  if (program === null) throw notFound(say("noSuchProgram"));
  return statementOf(scope);
}

/** A provider's own statement (the portal, the provider API): its organisation's, every program. */
export function providerStatement(actor: Actor, period: { start: Date; end: Date }) {
  const providerId = authorizeProvider(actor, "provider.read");
  return statementOf({ providerId, ...period });
}

async function statementOf(scope: StatementScope): Promise<UnitStatement[]> {
  const requests = {
    ...(scope.providerId ? { channel: { providerId: scope.providerId } } : {}),
    ...(scope.programId ? { programId: scope.programId } : {}),
  };
  const units = await db().deliveryRequest.findMany({
    where: requests,
    distinct: ["unit"],
    select: { unit: true },
    orderBy: { unit: "asc" },
  });
  return Promise.all(units.map(({ unit }) => unitStatement({ ...requests, unit }, scope)));
}

type RequestScope = { unit: string; programId?: string; channel?: { providerId: string } };

async function unitStatement(requests: RequestScope, { start, end }: StatementScope): Promise<UnitStatement> {
  const during = { gte: start, lt: end };
  const ofScope = { deliveryRequest: requests };
  const sum = (amount: bigint | null) => amount ?? 0n;
  const deliveries = (where: object, field: "amountMinor" | "deliveredAmountMinor" = "amountMinor") =>
    db()
      .delivery.aggregate({
        where: { ...ofScope, ...where },
        _count: { _all: true },
        _sum: { [field]: true },
      })
      .then((row) => ({
        count: row._count._all,
        amountMinor: sum((row._sum as Record<string, bigint | null>)[field] ?? null),
      }));
  const [opening, closing, sent, deliveredAll, partial, partialDelivered, undelivered, afterDelivery] =
    await Promise.all([
      pendingAt(requests, start),
      pendingAt(requests, end),
      sentDuring(requests, start, end),
      deliveries({ deliveredAt: during }),
      deliveries({ deliveredAt: during, deliveredAmountMinor: { lt: db().delivery.fields.amountMinor } }),
      deliveries(
        { deliveredAt: during, deliveredAmountMinor: { lt: db().delivery.fields.amountMinor } },
        "deliveredAmountMinor",
      ),
      deliveries({ revertedAt: during, deliveredAt: null }),
      deliveries({ revertedAt: during, deliveredAt: { not: null } }, "deliveredAmountMinor"),
    ]);
  const [refunds, reserved, releasedUnsent] = await Promise.all([
    deliveries({ refundRequestedAt: during }),
    requestsWhere({ ...requests, createdAt: during }),
    requestsWhere({ ...requests, approvalState: { in: ["REJECTED", "EXPIRED"] }, decidedAt: during }),
  ]);
  return {
    unit: requests.unit,
    openingPending: opening,
    sent,
    delivered: {
      count: deliveredAll.count - partial.count,
      amountMinor: deliveredAll.amountMinor - partial.amountMinor,
    },
    deliveredInPart: {
      count: partial.count,
      amountMinor: partialDelivered.amountMinor,
      undeliveredMinor: partial.amountMinor - partialDelivered.amountMinor,
    },
    revertedUndelivered: undelivered,
    revertedAfterDelivery: afterDelivery,
    refundsRequested: refunds,
    closingPending: closing,
    budget: { reserved, releasedUnsent },
  };
}

/** A request sent to the provider before `at`: sent at once (createdAt) or on its final approval (decidedAt). */
const sentBefore = (at: Date) => ({
  approvalState: "SENT",
  OR: [{ decidedAt: null, createdAt: { lt: at } }, { decidedAt: { lt: at } }],
});

/** Deliveries sent before `at` that had no outcome (delivered or reverted) before it. */
async function pendingAt(requests: RequestScope, at: Date): Promise<Figure> {
  const row = await db().delivery.aggregate({
    where: {
      deliveryRequest: { ...requests, ...sentBefore(at) },
      AND: [
        { OR: [{ deliveredAt: null }, { deliveredAt: { gte: at } }] },
        { OR: [{ revertedAt: null }, { revertedAt: { gte: at } }] },
      ],
    },
    _count: { _all: true },
    _sum: { amountMinor: true },
  });
  return { count: row._count._all, amountMinor: row._sum.amountMinor ?? 0n };
}

/** Requests sent in [start, end): their count, their deliveries' count and their total. */
async function sentDuring(requests: RequestScope, start: Date, end: Date) {
  const row = await db().deliveryRequest.aggregate({
    where: {
      ...requests,
      approvalState: "SENT",
      OR: [{ decidedAt: null, createdAt: { gte: start, lt: end } }, { decidedAt: { gte: start, lt: end } }],
    },
    _count: { _all: true },
    _sum: { totalMinor: true, deliveryCount: true },
  });
  return {
    requests: row._count._all,
    count: row._sum.deliveryCount ?? 0,
    amountMinor: row._sum.totalMinor ?? 0n,
  };
}

/** Requests matching `where`: how many, and their total. */
async function requestsWhere(where: object): Promise<Figure> {
  const row = await db().deliveryRequest.aggregate({
    where,
    _count: { _all: true },
    _sum: { totalMinor: true },
  });
  return { count: row._count._all, amountMinor: row._sum.totalMinor ?? 0n };
}
