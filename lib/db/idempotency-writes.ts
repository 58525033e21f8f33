/**
 * The Idempotency-Key's two writes on every request that carries one (lib/domain/request-guards/idempotency-store.ts): the
 * claim's insert before the operation runs and the answer's update after it, through the drivers
 * with statements prepared once: the fifth measured bypass of Prisma (see channel-reads.ts). Through
 * Prisma the pair cost ~2,300 µs of server CPU per Create and, on SQLite, two fsyncs that blocked
 * the event loop (npm run bench, the guarded Create row). The rarer paths (the read of an existing
 * row, a takeover, a release, the purge) stay in Prisma.
 *
 * The claim is INSERT … ON CONFLICT DO NOTHING: the primary key (apiKeyId, key) lets exactly one of
 * concurrent claims insert, and the others see no row changed, as Prisma's P2002 told them before.
 * DateTimes are written as Prisma writes them (ISO text with +00:00 on SQLite, UTC wall time on
 * PostgreSQL), so Prisma's comparisons on lockedUntil and expiresAt read these rows as its own.
 *
 * SQLite: a connection of its own that never waits on the event loop (busy_timeout 0, SQLITE_BUSY
 * retried asynchronously, as channel-writes.ts explains). synchronous stays FULL, as on Prisma's
 * connection: a stored answer must survive a power cut as the operation's effect does, or a retry
 * would run the operation again. An fsync blocks the event loop (~1 ms here), so the writes are
 * group-committed: those queued within one turn of the event loop share one transaction and one
 * fsync, each resolved only after the commit. PostgreSQL: a small pool, named prepared statements.
 */

import Database from "libsql";
import pg from "pg";
import { ensureSqliteFolder } from "../config";
import { pgConfig } from "./adapters";
import { sharedDriver } from "./shared-driver";
import { sqliteTime } from "./sqlite-time";

export interface IdempotencyClaimRow {
  apiKeyId: string;
  key: string;
  operationId: string;
  fingerprint: string;
  lockedUntil: Date;
  createdAt: Date;
  expiresAt: Date;
}

export interface IdempotentAnswerRow {
  apiKeyId: string;
  key: string;
  status: number;
  response: string;
}

interface Store {
  /** True when this claim inserted the row; false when a row with its key exists. */
  claim(row: IdempotencyClaimRow): Promise<boolean>;
  complete(row: IdempotentAnswerRow): Promise<void>;
  close(): Promise<void>;
}

/** Numbered parameters: the update names its key after its values. */
const sqliteParams = (count: number) => Array.from({ length: count }, (_, i) => `?${i + 1}`);
const pgParams = (count: number) => Array.from({ length: count }, (_, i) => `$${i + 1}`);
const claimSql = (p: string[]) => `INSERT INTO "IdempotencyKey"
  ("apiKeyId", "key", "operationId", "fingerprint", "lockedUntil", "createdAt", "expiresAt")
  VALUES (${p.join(", ")}) ON CONFLICT DO NOTHING`;
const completeSql = (p: string[]) => `UPDATE "IdempotencyKey"
  SET "status" = ${p[2]}, "response" = ${p[3]}, "lockedUntil" = NULL
  WHERE "apiKeyId" = ${p[0]} AND "key" = ${p[1]}`;

/** As Prisma writes DateTime on SQLite: ISO text with +00:00. */
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past this many busy retries (~25 s, beyond Prisma's 5 s busy timeout) the write fails. */
const MAX_BUSY_RETRIES = 5000;
const isBusy = (error: unknown) => ((error as { code?: string }).code ?? "").startsWith("SQLITE_BUSY");

interface Pending {
  run(): unknown;
  resolve(value: unknown): void;
  reject(error: unknown): void;
}

function sqliteStore(url: string): Store {
  ensureSqliteFolder(url);
  const connection = new Database(url.slice("file:".length).split("?")[0]!);
  connection.exec("PRAGMA busy_timeout = 0");
  connection.exec("PRAGMA synchronous = FULL");
  const claim = connection.prepare(claimSql(sqliteParams(7)));
  const complete = connection.prepare(completeSql(sqliteParams(4)));
  const begin = connection.prepare("BEGIN IMMEDIATE");
  const commit = connection.prepare("COMMIT");
  const rollback = connection.prepare("ROLLBACK");

  /** One transaction for the writes, in one synchronous turn; their results, once committed. */
  const transaction = (writes: Pending[]): unknown[] => {
    begin.run();
    try {
      const results = writes.map((write) => write.run());
      commit.run();
      return results;
    } catch (error) {
      if (connection.inTransaction) rollback.run();
      throw error;
    }
  };

  /**
   * Commits the writes together and settles them; the ones left unsettled because the database was
   * busy are returned. When the batch fails otherwise, each write is tried alone, so a write that
   * fails fails alone.
   */
  const commitTogether = (writes: Pending[]): Pending[] => {
    try {
      const results = transaction(writes);
      for (const [i, write] of writes.entries()) write.resolve(results[i]);
      return [];
    } catch (error) {
      if (isBusy(error)) return writes;
      if (writes.length === 1) {
        writes[0]!.reject(error);
        return [];
      }
      for (const [i, write] of writes.entries()) {
        const left = commitTogether([write]);
        if (left.length) return writes.slice(i);
      }
      return [];
    }
  };

  let queue: Pending[] = [];
  let flushing = false;

  const flush = async () => {
    for (let attempt = 0; queue.length; ) {
      // The writes queued so far, and any that joined while a busy database was waited for.
      const writes = queue;
      queue = [];
      let busy: Pending[];
      try {
        busy = commitTogether(writes);
      } catch (error) {
        // Not even a rollback worked: these writes fail, the next ones try afresh.
        for (const write of writes) write.reject(error);
        continue;
      }
      if (!busy.length) {
        attempt = 0;
        continue;
      }
      if (attempt >= MAX_BUSY_RETRIES) {
        const error = new Error("the database stayed busy: idempotency key not written");
        for (const write of busy) write.reject(error);
        attempt = 0;
        continue;
      }
      queue = [...busy, ...queue];
      await pause(attempt++ < 10 ? 1 : 5);
    }
    flushing = false;
  };

  const enqueue = <T>(run: () => T) =>
    new Promise<T>((resolve, reject) => {
      queue.push({ run, resolve: resolve as (value: unknown) => void, reject });
      if (flushing) return;
      flushing = true;
      // After the requests of this turn have queued theirs: one commit for all of them.
      setImmediate(flush);
    });

  return {
    claim: (row) =>
      enqueue(
        () =>
          claim.run(
            row.apiKeyId,
            row.key,
            row.operationId,
            row.fingerprint,
            sqliteTime(row.lockedUntil),
            sqliteTime(row.createdAt),
            sqliteTime(row.expiresAt),
          ).changes === 1,
      ),
    complete: async (row) => {
      await enqueue(() => complete.run(row.apiKeyId, row.key, row.status, row.response));
    },
    close: async () => {
      connection.close();
    },
  };
}

function postgresStore(url: string): Store {
  const pool = new pg.Pool({ ...pgConfig(url), max: 4 });
  // Timestamps as ISO strings: a timestamp column takes the UTC wall time, whatever the server's zone.
  const claimText = claimSql(pgParams(7));
  const completeText = completeSql(pgParams(4));
  return {
    async claim(row) {
      const { rowCount } = await pool.query({
        name: "claim-idempotency-key",
        text: claimText,
        values: [
          row.apiKeyId,
          row.key,
          row.operationId,
          row.fingerprint,
          row.lockedUntil.toISOString(),
          row.createdAt.toISOString(),
          row.expiresAt.toISOString(),
        ],
      });
      return rowCount === 1;
    },
    async complete(row) {
      await pool.query({
        name: "complete-idempotency-key",
        text: completeText,
        values: [row.apiKeyId, row.key, row.status, row.response],
      });
    },
    close: () => pool.end(),
  };
}

const store = sharedDriver("portalIdempotencyWriter", { sqlite: sqliteStore, postgres: postgresStore });

/** Inserts an unfinished claim; false when the key already has a row (of any age or state). */
export function insertIdempotencyClaim(row: IdempotencyClaimRow): Promise<boolean> {
  return store.get().claim(row);
}

/** Stores a claimed request's answer and ends its lease. */
export function storeIdempotentAnswer(row: IdempotentAnswerRow): Promise<void> {
  return store.get().complete(row);
}

export const closeIdempotencyWriter = store.close;
