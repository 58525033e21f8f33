/**
 * The rate-limit counter's upsert (lib/domain/request-guards/rate-counter.ts), through the drivers with the
 * statement prepared once: the third measured bypass of Prisma (see channel-reads.ts). Through
 * Prisma it cost ~600 µs of server CPU on every API request, twenty times a cached lookup's answer.
 *
 * One statement, atomic on both databases: counts on in the row's window, or restarts the count when
 * a new window has begun; an instance whose clock lags keeps counting in the newer window it finds.
 * SQLite: a connection of its own that never waits on the event loop (busy_timeout 0, SQLITE_BUSY
 * retried asynchronously, as channel-writes.ts explains), with synchronous = NORMAL: a count lost
 * to a power cut is harmless, and the commit then skips the fsync.
 */
import Database from "libsql";
import pg from "pg";
import { ensureSqliteFolder } from "../config";
import { pgConfig } from "./adapters";
import { sharedDriver } from "./shared-driver";

const upsertSql = (apiKeyId: string, windowStart: string) => `
  INSERT INTO "ApiRateLimit" ("apiKeyId", "windowStart", "count") VALUES (${apiKeyId}, ${windowStart}, 1)
  ON CONFLICT ("apiKeyId") DO UPDATE SET
    "count" = CASE WHEN "ApiRateLimit"."windowStart" >= excluded."windowStart"
      THEN "ApiRateLimit"."count" + 1 ELSE 1 END,
    "windowStart" = CASE WHEN "ApiRateLimit"."windowStart" >= excluded."windowStart"
      THEN "ApiRateLimit"."windowStart" ELSE excluded."windowStart" END
  RETURNING "count", "windowStart"`;

export interface RateCount {
  count: number;
  /** Epoch seconds. */
  windowStart: number;
}

type Counter = { hit(apiKeyId: string, windowStart: number): Promise<RateCount>; close(): Promise<void> };
type Row = { count: number | string; windowStart: number | string };
const countOf = (row: Row | undefined): RateCount => {
  if (!row) throw new Error("the rate-limit upsert returned no row");
  return { count: Number(row.count), windowStart: Number(row.windowStart) };
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** Past this many busy retries (~0.2 s) the count gives up, and the request goes on uncounted. */
const MAX_BUSY_RETRIES = 50;

function sqliteCounter(url: string): Counter {
  ensureSqliteFolder(url);
  const connection = new Database(url.slice("file:".length).split("?")[0]!);
  connection.exec("PRAGMA busy_timeout = 0");
  connection.exec("PRAGMA synchronous = NORMAL");
  const upsert = connection.prepare(upsertSql("?", "?"));
  return {
    async hit(apiKeyId, windowStart) {
      for (let attempt = 0; ; attempt++) {
        try {
          return countOf(upsert.get(apiKeyId, windowStart) as Row | undefined);
        } catch (error) {
          const code = (error as { code?: string }).code ?? "";
          if (!code.startsWith("SQLITE_BUSY") || attempt >= MAX_BUSY_RETRIES) throw error;
          await pause(attempt < 10 ? 1 : 5);
        }
      }
    },
    close: async () => {
      connection.close();
    },
  };
}

function postgresCounter(url: string): Counter {
  const pool = new pg.Pool({ ...pgConfig(url), max: 4 });
  const text = upsertSql("$1", "$2");
  return {
    hit: async (apiKeyId, windowStart) =>
      countOf(
        (await pool.query<Row>({ name: "count-api-request", text, values: [apiKeyId, windowStart] })).rows[0],
      ),
    close: () => pool.end(),
  };
}

const counter = sharedDriver("portalRateCounter", { sqlite: sqliteCounter, postgres: postgresCounter });

/** Counts one request of `apiKeyId` in the window starting at `windowStart` (epoch seconds). */
export function countApiRequest(apiKeyId: string, windowStart: number): Promise<RateCount> {
  return counter.get().hit(apiKeyId, windowStart);
}

export const closeRateCounter = counter.close;
