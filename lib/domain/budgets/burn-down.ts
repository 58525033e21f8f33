/**
 * A budget's burn-down: its reserved total over time, oldest first, as the budget views draw it.
 *
 * A budget moves once per send and once per delivery reported delivered or reverted, so a busy
 * program's account holds millions of movements. A chart a few hundred pixels wide shows at most
 * BURN_DOWN_POINTS of them: an account with more is sampled at that many evenly spaced times from its
 * first movement to its last, each point the total after the latest movement by then. Every point is
 * one probe of the (accountId, at) index, so the burn-down costs the same at ten movements or ten
 * million, and it spans the budget's whole life rather than its latest movements.
 */
import { databaseKind } from "../../config";
import { db } from "../../db";
import { Prisma } from "../../db/generated/sqlite/client";
import { sqliteTime } from "../../db/sqlite-time";

export const BURN_DOWN_POINTS = 120;

export interface BurnDownPoint {
  at: Date;
  reservedAfterMinor: bigint;
}

/** The account's burn-down: each movement when it has up to BURN_DOWN_POINTS, else a sample. */
export async function burnDown(accountId: string): Promise<BurnDownPoint[]> {
  const latest = await db().budgetMovement.findMany({
    where: { accountId },
    orderBy: [{ at: "desc" }, { id: "desc" }],
    take: BURN_DOWN_POINTS + 1,
    select: { at: true, reservedAfterMinor: true },
  });
  if (latest.length <= BURN_DOWN_POINTS) return latest.toReversed();
  const first = await db().budgetMovement.findFirstOrThrow({
    where: { accountId },
    orderBy: [{ at: "asc" }, { id: "asc" }],
    select: { at: true },
  });
  return sampled(accountId, sampleTimes(first.at, latest[0]!.at));
}

/** BURN_DOWN_POINTS times from `first` to `last`, both included; one when they are the same instant. */
function sampleTimes(first: Date, last: Date): Date[] {
  const span = last.getTime() - first.getTime();
  if (span <= 0) return [last];
  return Array.from(
    { length: BURN_DOWN_POINTS },
    (_, i) => new Date(first.getTime() + Math.round((span * i) / (BURN_DOWN_POINTS - 1))),
  );
}

/**
 * The reserved total after the latest movement at or before each time, in one query of one scalar
 * subquery per time (PostgreSQL types each parameter by the column it is compared with).
 */
async function sampled(accountId: string, times: Date[]): Promise<BurnDownPoint[]> {
  const columns = times.map(
    (at, i) => Prisma.sql`(SELECT "reservedAfterMinor" FROM "BudgetMovement"
      WHERE "accountId" = ${accountId} AND "at" <= ${stamp(at)}
      ORDER BY "at" DESC, "id" DESC LIMIT 1) AS ${Prisma.raw(`"p${i}"`)}`,
  );
  const [row] = await db().$queryRaw<[Record<string, bigint | number | null>]>`
    SELECT ${Prisma.join(columns)}`;
  return times.flatMap((at, i) => {
    const total = row[`p${i}`];
    return total === null || total === undefined ? [] : [{ at, reservedAfterMinor: BigInt(total) }];
  });
}

/** A time as the database compares it with the column: SQLite stores Prisma's DateTime as ISO text. */
const stamp = (at: Date) => (databaseKind() === "postgres" ? at : sqliteTime(at));
