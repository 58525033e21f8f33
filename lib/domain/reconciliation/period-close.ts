/**
 * Closing a provider's period (issue 32, item 6). A finance approver closes it once it has ended and
 * no break of its uploads is open: its statement is frozen as it stands (StatementPeriod.statement)
 * and the statement's SHA-256 is written in the close's audit entry, so the audit chain vouches for
 * it. A closed period does not change: a statement counts each act at the instant it happened, and
 * every later one happens after the period's end. What our records learn later of the period's
 * deliveries (an outcome, a refund) is listed as the period's exceptions instead, and the page says
 * whether our records still give the frozen statement.
 */
import { createHash } from "node:crypto";
import type { ClosePeriodInput } from "../../contract/reconciliation/break-adjustment-schema";
import { say } from "../../contract/validation-messages";
import { db, isUniqueViolation } from "../../db";
import { recordAudit } from "../audit";
import { conflict, notFound } from "../errors";
import { type Actor, authorize } from "../permissions";
import { statement, type UnitStatement } from "./statement";
import { periodOf } from "./statement-answer";

/** The statement as frozen: JSON, minor units as text, in one order, so its hash is the statement's. */
export const frozenStatement = (units: UnitStatement[]) =>
  JSON.stringify(units, (_, value) => (typeof value === "bigint" ? value.toString() : value));

const thawed = (text: string): UnitStatement[] =>
  JSON.parse(text, (key, value) =>
    key.endsWith("Minor") && typeof value === "string" ? BigInt(value) : value,
  );

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

const allZero = (value: unknown): boolean =>
  typeof value === "object" && value !== null
    ? Object.values(value).every(allZero)
    : value === 0 || value === 0n;

/**
 * The live statement as the frozen one would have it. A statement has a table for every unit the
 * provider has ever sent in, so a unit first used after the period adds a table of zeros to it: that
 * is no change to the period, and only such tables are dropped.
 */
const asFrozenWouldHaveIt = (now: UnitStatement[], frozen: UnitStatement[]) =>
  now.filter((line) => frozen.some((kept) => kept.unit === line.unit) || !allZero({ ...line, unit: 0 }));

/** The provider's closed periods that overlap [start, end): none, or the one that refuses a change. */
export function closedPeriodOverlapping(providerId: string, start: Date, end: Date) {
  return db().statementPeriod.findFirst({
    where: { providerId, periodStart: { lt: end }, periodEnd: { gt: start } },
    select: { id: true, periodStart: true, periodEnd: true },
  });
}

/** Closes the period: refused before it has ended, with a break open, or overlapping a closed one. */
export async function closePeriod(actor: Actor, input: ClosePeriodInput) {
  authorize(actor, "reconciliation.settle");
  const { start, end } = periodOf(input);
  const provider = await db().provider.findUnique({ where: { id: input.provider }, select: { id: true } });
  if (!provider) throw notFound(say("noSuchProvider"));
  if (end > new Date()) throw conflict(say("periodNotOverYet"));
  const open = await db().statementBreak.count({
    where: { settledAt: null, upload: { providerId: provider.id, periodStart: start, periodEnd: end } },
  });
  if (open > 0) throw conflict(say("periodHasOpenBreaks", { count: open }));
  const overlapping = await closedPeriodOverlapping(provider.id, start, end);
  if (overlapping)
    throw conflict(
      say("periodOverlapsClosed", {
        from: overlapping.periodStart.toISOString().slice(0, 10),
        // The last day, inclusive: the end is the next day's midnight.
        to: new Date(overlapping.periodEnd.getTime() - 1).toISOString().slice(0, 10),
      }),
    );
  // Read before the transaction: every act it counts happened before `end`, which has passed.
  const frozen = frozenStatement(await statement(actor, { providerId: provider.id, start, end }));
  const statementHash = sha256(frozen);
  try {
    return await db().$transaction(async (tx) => {
      const { id } = await tx.statementPeriod.create({
        data: {
          providerId: provider.id,
          periodStart: start,
          periodEnd: end,
          statement: frozen,
          statementHash,
          closedBy: actor.personId ?? actor.id,
        },
        select: { id: true },
      });
      await recordAudit(tx, actor, {
        action: "statement.period_closed",
        subjectType: "StatementPeriod",
        subjectId: id,
        after: { providerId: provider.id, from: input.from, to: input.to, statementHash },
      });
      return { periodId: id, statementHash };
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(say("periodAlreadyClosed"));
    throw error;
  }
}

/** Exceptions listed on the page; the count says how many there are. */
const EXCEPTIONS_SHOWN = 200;

/**
 * The closed period exactly [start, end) of the provider, if it is one: its frozen statement, who
 * closed it, whether our records still give that statement, and its exceptions.
 */
export async function closedPeriod(actor: Actor, providerId: string, period: { from: string; to: string }) {
  authorize(actor, "console.read");
  const { start, end } = periodOf(period);
  const closed = await db().statementPeriod.findUnique({
    where: { providerId_periodStart_periodEnd: { providerId, periodStart: start, periodEnd: end } },
  });
  if (!closed) return null;
  const later = { gt: closed.closedAt };
  const where = {
    deliveryRequest: { channel: { providerId }, approvalState: "SENT", createdAt: { gte: start, lt: end } },
    OR: [{ deliveredAt: later }, { revertedAt: later }, { refundRequestedAt: later }],
  };
  const [now, closer, exceptions, exceptionCount] = await Promise.all([
    statement(actor, { providerId, start, end }),
    db().user.findUnique({ where: { id: closed.closedBy }, select: { email: true } }),
    db().delivery.findMany({
      where,
      orderBy: { id: "asc" },
      take: EXCEPTIONS_SHOWN,
      select: {
        id: true,
        status: true,
        amountMinor: true,
        deliveredAmountMinor: true,
        deliveredAt: true,
        revertedAt: true,
        refundRequestedAt: true,
        deliveryRequest: { select: { unit: true } },
      },
    }),
    db().delivery.count({ where }),
  ]);
  const units = thawed(closed.statement);
  return {
    closedAt: closed.closedAt,
    closedBy: closer?.email ?? closed.closedBy,
    statementHash: closed.statementHash,
    units,
    /** Our records give the frozen statement still (its hash): nothing changed the closed period. */
    stillTiesOut: sha256(frozenStatement(asFrozenWouldHaveIt(now, units))) === closed.statementHash,
    exceptions: exceptions.map(({ deliveryRequest, ...delivery }) => ({
      ...delivery,
      unit: deliveryRequest.unit,
    })),
    exceptionCount,
  };
}
