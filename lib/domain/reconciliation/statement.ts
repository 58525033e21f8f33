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

import { databaseKind } from "../../config";
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import type { PrismaPromise } from "../../db/generated/sqlite/internal/prismaNamespace";
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

/**
 * One unit's lines, read in one transaction (a snapshot: a report committing meanwhile is in every
 * figure or in none). Only the period's outcomes are read, through partial indexes on their dates;
 * what is pending at an instant is what is pending now (the requests' own sums) less what was sent
 * since and plus what left pending since, so a period costs its own activity, not the history's.
 */
async function unitStatement(requests: RequestScope, { start, end }: StatementScope): Promise<UnitStatement> {
  const reads = new Reads(requests);
  const during = { gte: start, lt: end };
  const partial = { deliveredAmountMinor: { lt: db().delivery.fields.amountMinor } };
  const queries = {
    pendingNow: reads.pendingNow(),
    sent: reads.sent(during),
    sentSinceStart: reads.sent({ gte: start }),
    sentSinceEnd: reads.sent({ gte: end }),
    leftSinceStart: reads.leftPending(start),
    leftSinceEnd: reads.leftPending(end),
    delivered: reads.deliveries({ deliveredAt: during }),
    partial: reads.deliveries({ deliveredAt: during, ...partial }),
    partialDelivered: reads.deliveries({ deliveredAt: during, ...partial }, "deliveredAmountMinor"),
    revertedUndelivered: reads.deliveries({ revertedAt: during, deliveredAt: null }),
    revertedAfterDelivery: reads.deliveries(
      { revertedAt: during, deliveredAt: { not: null } },
      "deliveredAmountMinor",
    ),
    refunds: reads.deliveries({ refundRequestedAt: during }),
    reserved: reads.requests({ createdAt: during }),
    releasedUnsent: reads.requests({ approvalState: { in: ["REJECTED", "EXPIRED"] }, decidedAt: during }),
  };
  const names = Object.keys(queries) as Array<keyof typeof queries>;
  const results = await db().$transaction(
    names.map((name) => queries[name].query),
    // The SQLite client's type knows only Serializable, which is what SQLite's transactions are.
    (databaseKind() === "postgres" ? { isolationLevel: "RepeatableRead" } : undefined) as never,
  );
  const read = Object.fromEntries(
    names.map((name, i) => [name, queries[name].figure(results[i] as never)]),
  ) as Record<keyof typeof queries, Figure & { requests?: number }>;
  /** Pending at an instant: pending now, less what was sent since, plus what left pending since. */
  const pendingAt = (sentSince: Figure, leftSince: Figure): Figure => ({
    count: read.pendingNow.count - sentSince.count + leftSince.count,
    amountMinor: read.pendingNow.amountMinor - sentSince.amountMinor + leftSince.amountMinor,
  });
  return {
    unit: requests.unit,
    openingPending: pendingAt(read.sentSinceStart, read.leftSinceStart),
    sent: { requests: read.sent.requests ?? 0, count: read.sent.count, amountMinor: read.sent.amountMinor },
    delivered: {
      count: read.delivered.count - read.partial.count,
      amountMinor: read.delivered.amountMinor - read.partial.amountMinor,
    },
    deliveredInPart: {
      count: read.partial.count,
      amountMinor: read.partialDelivered.amountMinor,
      undeliveredMinor: read.partial.amountMinor - read.partialDelivered.amountMinor,
    },
    revertedUndelivered: read.revertedUndelivered,
    revertedAfterDelivery: read.revertedAfterDelivery,
    refundsRequested: read.refunds,
    closingPending: pendingAt(read.sentSinceEnd, read.leftSinceEnd),
    budget: { reserved: read.reserved, releasedUnsent: read.releasedUnsent },
  };
}

type Range = { gte: Date; lt?: Date };
const minor = (value: bigint | null | undefined): bigint => value ?? 0n;
// biome-ignore lint/suspicious/noExplicitAny: each read's aggregate row, shaped by its own query
type Row = any;
/** A read of the snapshot: its query (run in the batch) and how its row becomes a figure. */
type Read = {
  query: PrismaPromise<unknown>;
  figure: (row: Row) => Figure & { requests?: number };
};

/** The reads a unit's statement is made of, all scoped to the unit's requests. */
class Reads {
  constructor(private readonly scope: RequestScope) {}

  /** Deliveries matching `where`: how many, and the sum of `field`. */
  deliveries(where: object, field: "amountMinor" | "deliveredAmountMinor" = "amountMinor"): Read {
    return {
      query: db().delivery.aggregate({
        where: { deliveryRequest: this.scope, ...where },
        _count: { _all: true },
        _sum: { [field]: true },
      }),
      figure: (row) => ({ count: row._count._all, amountMinor: row._sum[field] ?? 0n }),
    };
  }

  /** Requests matching `where`: how many, and their total. */
  requests(where: object): Read {
    return {
      query: db().deliveryRequest.aggregate({
        where: { ...this.scope, ...where },
        _count: { _all: true },
        _sum: { totalMinor: true },
      }),
      figure: (row) => ({ count: row._count._all, amountMinor: row._sum.totalMinor ?? 0n }),
    };
  }

  /** Requests sent in `range` (at once, or on their final approval): their deliveries and total. */
  sent(range: Range): Read {
    return {
      query: db().deliveryRequest.aggregate({
        where: {
          ...this.scope,
          approvalState: "SENT",
          OR: [{ decidedAt: null, createdAt: range }, { decidedAt: range }],
        },
        _count: { _all: true },
        _sum: { totalMinor: true, deliveryCount: true },
      }),
      figure: (row) => ({
        requests: row._count._all,
        count: row._sum.deliveryCount ?? 0,
        amountMinor: row._sum.totalMinor ?? 0n,
      }),
    };
  }

  /**
   * What is pending now, from the sent requests' own figures: every delivery either is pending, or
   * counted in deliveredMinor (net of reverts), undeliveredMinor or revertedMinor, once left pending.
   */
  pendingNow(): Read {
    return {
      query: db().deliveryRequest.aggregate({
        where: { ...this.scope, approvalState: "SENT" },
        _sum: {
          totalMinor: true,
          deliveredMinor: true,
          undeliveredMinor: true,
          revertedMinor: true,
          deliveryCount: true,
          outcomeCount: true,
        },
      }),
      figure: ({ _sum: sum }) => ({
        count: (sum.deliveryCount ?? 0) - (sum.outcomeCount ?? 0),
        amountMinor:
          minor(sum.totalMinor) -
          minor(sum.deliveredMinor) -
          minor(sum.undeliveredMinor) -
          minor(sum.revertedMinor),
      }),
    };
  }

  /** Deliveries that left pending at or after `at`: first delivered then, or reverted then undelivered. */
  leftPending(at: Date): Read {
    return {
      query: db().delivery.aggregate({
        where: {
          deliveryRequest: this.scope,
          OR: [{ deliveredAt: { gte: at } }, { revertedAt: { gte: at }, deliveredAt: null }],
        },
        _count: { _all: true },
        _sum: { amountMinor: true },
      }),
      figure: (row) => ({ count: row._count._all, amountMinor: row._sum.amountMinor ?? 0n }),
    };
  }
}
