/**
 * The one Prisma client of the process, for SQLite or PostgreSQL by DATABASE_URL. Both generated
 * clients come from the same models (prisma/models.prisma), so the SQLite client's type describes
 * either; all data access goes through `db()`.
 */

import { databaseKind, databaseUrl } from "../config";
import { runtimeAdapter } from "./adapters";
import { closeChannelReader } from "./channel-reads";
import { closeChannelWriter } from "./channel-writes";
import { PrismaClient as PostgresClient } from "./generated/postgres/client";
import { PrismaClient as SqliteClient } from "./generated/sqlite/client";
import { closeIdempotencyWriter } from "./idempotency-writes";
import { closeKeyRequestWriter } from "./key-request-writes";
import { pendingMigrationsOf } from "./migration-state";
import { closeRateCounter } from "./rate-counts";
import { closeSignals } from "./signals";
import { runTransaction } from "./transaction-journal";

export type Db = SqliteClient;
export type Tx = Parameters<Parameters<Db["$transaction"]>[0]>[0];

/**
 * The most values one query may bind: Prisma refuses more on SQLite ("The query parameter limit
 * supported by your database is exceeded"). A list of ids for `in` must stay well under it.
 */
export const MAX_BOUND_VALUES = 999;

const globalForDb = globalThis as unknown as { portalDb?: Db };

/**
 * Prisma gives up on a transaction that waits over 2 s for a pooled connection. Under a burst (many
 * sends racing for one budget row, each holding its connection while it waits for the lock) that is a
 * spurious failure; waiting longer is the right answer, and the lock itself still bounds the work.
 */
const TRANSACTION_OPTIONS = { maxWait: 10_000, timeout: 15_000 };

/**
 * The options of a transaction that writes `rows` rows at once (a send of up to 10,000 deliveries):
 * the 15 s above plus 3 ms a row, 45 s at 10,000. Such a send takes under 2 s on an idle machine,
 * but beside other work on two cores one passed 15 s and was rolled back: a valid request refused
 * for being slow, not wrong. The bound still ends a transaction that hangs.
 */
export function bulkTransactionOptions(rows: number) {
  return { timeout: TRANSACTION_OPTIONS.timeout + 3 * Math.max(0, rows) };
}

function createClient(): Db {
  const url = databaseUrl();
  const adapter = runtimeAdapter(url);
  const client =
    databaseKind(url) === "sqlite"
      ? new SqliteClient({ adapter, transactionOptions: TRANSACTION_OPTIONS })
      : (new PostgresClient({ adapter, transactionOptions: TRANSACTION_OPTIONS }) as unknown as Db);
  return withJournaledTransactions(client);
}

/**
 * Every interactive transaction journals its result under an Idempotency-Key and is run again when
 * PostgreSQL aborts it for a deadlock (lib/db/transaction-journal.ts). The batch form (an array of
 * queries) is left as Prisma runs it.
 */
function withJournaledTransactions(client: Db): Db {
  const original = client.$transaction.bind(client) as (arg: unknown, options?: unknown) => Promise<unknown>;
  const recordEntry = (tx: Tx, row: { apiKeyId: string; key: string; journal: string }) =>
    tx.idempotencyKey.update({
      where: { apiKeyId_key: { apiKeyId: row.apiKeyId, key: row.key } },
      data: { journal: row.journal },
    });
  const journaled = (arg: unknown, options?: unknown) =>
    typeof arg === "function"
      ? runTransaction<Tx, unknown>(
          (fn, opts) => original(fn, opts) as Promise<never>,
          recordEntry,
          arg as (tx: Tx) => Promise<unknown>,
          options,
        )
      : original(arg, options);
  client.$transaction = journaled as Db["$transaction"];
  return client;
}

/** Lazily created so that importing a module never opens a connection. */
export function db(): Db {
  globalForDb.portalDb ??= createClient();
  return globalForDb.portalDb;
}

export { insertBeneficiaryKeys, type NewBeneficiaryKeyRow } from "./beneficiary-key-writes";
export { readChannelRow } from "./channel-reads";
export { type NewChannelRow, newChannelId } from "./channel-writes";
export { markDeliveredWhole } from "./delivered-writes";
export { insertDeliveryRows, type NewDeliveryRow } from "./delivery-writes";
export {
  type IdempotencyClaimRow,
  type IdempotentAnswerRow,
  insertIdempotencyClaim,
  storeIdempotentAnswer,
} from "./idempotency-writes";
export { DuplicateChannelError, insertChannel } from "./insert-channel";
export { type KeyRequestRow, writeKeyRequests } from "./key-request-writes";
export { countApiRequest } from "./rate-counts";
export { readSentDeliveries, type SentDelivery } from "./sent-delivery-reads";
export { listen, onSignal, type SignalName, sendSignal, signalsLive } from "./signals";
export {
  readDeliveryIdsOf,
  readStatementDeliveries,
  type StatementDelivery,
} from "./statement-delivery-reads";
export { decodeJournal, type Journal, journalEntry, withJournal } from "./transaction-journal";

export async function disconnectDb(): Promise<void> {
  await closeChannelReader();
  await closeChannelWriter();
  await closeRateCounter();
  await closeSignals();
  await closeKeyRequestWriter();
  await closeIdempotencyWriter();
  await globalForDb.portalDb?.$disconnect();
  globalForDb.portalDb = undefined;
}

/** True when the database answers a trivial query (used by /api/health). */
export async function databaseReachable(): Promise<boolean> {
  try {
    await db().$queryRawUnsafe("SELECT 1");
    return true;
  } catch {
    return false;
  }
}

/** The build's migrations the database has not applied (readiness, lib/db/migration-state.ts). */
export const pendingMigrations = (): Promise<string[]> => pendingMigrationsOf(db());

/** Unique-constraint violations, the same code on both databases. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2002";
}

/**
 * The database could not do the work in time because of load, not because of the request: an
 * interactive transaction past its timeout (P2028; nothing of it was committed) or no pooled
 * connection within maxWait (P2024). A valid request answered this way is retried, not failed.
 */
export function isOverloaded(error: unknown): boolean {
  const code = typeof error === "object" && error !== null ? (error as { code?: string }).code : undefined;
  return code === "P2028" || code === "P2024";
}

/** An update or delete whose `where` matched no row. */
export function isRecordNotFound(error: unknown): boolean {
  return typeof error === "object" && error !== null && (error as { code?: string }).code === "P2025";
}

/**
 * Makes an interactive transaction's first statement a write on SQLite, which takes the write lock
 * at once (as BEGIN IMMEDIATE would). Prisma begins SQLite transactions DEFERRED; one that reads first
 * and then writes can fail with "database is locked" without waiting when another process is
 * committing, because SQLite refuses to wait where waiting could deadlock. PostgreSQL needs nothing.
 */
export async function takeWriteLock(tx: Tx): Promise<void> {
  if (databaseKind() === "sqlite") await tx.$executeRawUnsafe('UPDATE "Provider" SET "id" = "id" WHERE 0');
}

/** PostgreSQL's LIKE escapes with `\\` unless told otherwise, and Prisma's `contains` escapes nothing. */
export const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/** SQLite's LIKE has no escape character unless the query names one, which Prisma never does. */
export const LIKE_WILDCARD = /[%_]/;

/**
 * A case-insensitive `contains` filter on both databases: SQLite's LIKE already ignores (ASCII) case,
 * PostgreSQL needs Prisma's insensitive mode, which the SQLite client does not know. On PostgreSQL
 * `%`, `_` and `\` are characters; on SQLite `%` and `_` are LIKE's patterns (see LIKE_WILDCARD).
 */
export function containsText(term: string): { contains: string } {
  return databaseKind() === "postgres"
    ? ({ contains: escapeLike(term), mode: "insensitive" } as { contains: string })
    : { contains: term };
}
