/**
 * The API keys' request log (lib/infrastructure/key-request-buffer.ts) written through the drivers: one insert
 * of a whole batch, then each key of the batch trimmed to its newest KEEP rows, in one transaction.
 * The fourth bypass of Prisma (see channel-reads.ts): a batch of a thousand rows through Prisma
 * costs milliseconds of query compilation, several times a second under load.
 *
 * Ids are UUIDv7 made when the request was answered, so the primary key orders rows by time and the
 * trim reads the (apiKeyId, id) index backwards. SQLite: a connection of its own that never waits
 * on the event loop (busy_timeout 0, the transaction in one synchronous turn, SQLITE_BUSY retried
 * asynchronously, as channel-writes.ts explains), synchronous = NORMAL: a log row lost to a power
 * cut is harmless.
 */

import Database from "libsql";
import pg from "pg";
import { ensureSqliteFolder } from "../config";
import { pgConfig } from "./adapters";
import { sharedDriver } from "./shared-driver";
import { sqliteTime } from "./sqlite-time";

export interface KeyRequestRow {
  id: string;
  apiKeyId: string;
  at: Date;
  method: string;
  path: string;
  status: number;
  errorGuid: string | null;
}

interface Writer {
  write(rows: KeyRequestRow[], keep: number): Promise<void>;
  close(): Promise<void>;
}

const COLUMNS = `"id", "apiKeyId", "at", "method", "path", "status", "errorGuid"`;
/** Keeps a key's newest rows: a cutoff that is NULL (fewer rows than kept) deletes nothing. */
const trimSql = (key: string, keep: string) => `DELETE FROM "ApiKeyRequest" WHERE "apiKeyId" = ${key}
  AND "id" < (SELECT "id" FROM "ApiKeyRequest" WHERE "apiKeyId" = ${key} ORDER BY "id" DESC LIMIT 1 OFFSET ${keep})`;
const keysOf = (rows: KeyRequestRow[]) => [...new Set(rows.map((row) => row.apiKeyId))];
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** As Prisma writes DateTime on SQLite: ISO text with +00:00. */

function sqliteWriter(url: string): Writer {
  ensureSqliteFolder(url);
  const connection = new Database(url.slice("file:".length).split("?")[0]!);
  connection.exec("PRAGMA busy_timeout = 0");
  connection.exec("PRAGMA synchronous = NORMAL");
  // One statement for the batch: a JSON array of rows, unpacked by json_each.
  const insert = connection.prepare(`INSERT INTO "ApiKeyRequest" (${COLUMNS})
    SELECT value ->> 0, value ->> 1, value ->> 2, value ->> 3, value ->> 4, value ->> 5, value ->> 6
    FROM json_each(?)`);
  const trim = connection.prepare(trimSql("?1", "?2"));
  const begin = connection.prepare("BEGIN IMMEDIATE");
  const commit = connection.prepare("COMMIT");
  const rollback = connection.prepare("ROLLBACK");
  const writeNow = (rows: KeyRequestRow[], keep: number) => {
    const values = rows.map((r) => [
      r.id,
      r.apiKeyId,
      sqliteTime(r.at),
      r.method,
      r.path,
      r.status,
      r.errorGuid,
    ]);
    begin.run();
    try {
      insert.run(JSON.stringify(values));
      for (const apiKeyId of keysOf(rows)) trim.run(apiKeyId, keep - 1);
      commit.run();
    } catch (error) {
      rollback.run();
      throw error;
    }
  };
  return {
    async write(rows, keep) {
      for (let attempt = 0; ; attempt++) {
        try {
          return writeNow(rows, keep);
        } catch (error) {
          const code = (error as { code?: string }).code ?? "";
          if (!code.startsWith("SQLITE_BUSY") || attempt >= 500) throw error;
          await pause(attempt < 10 ? 1 : 5);
        }
      }
    },
    close: async () => {
      connection.close();
    },
  };
}

const INSERT_PG = `INSERT INTO "ApiKeyRequest" (${COLUMNS})
  SELECT * FROM unnest($1::text[], $2::text[], $3::timestamp[], $4::text[], $5::text[], $6::int[], $7::text[])`;
const TRIM_PG = `DELETE FROM "ApiKeyRequest" r USING (
    SELECT k, (SELECT "id" FROM "ApiKeyRequest" WHERE "apiKeyId" = k ORDER BY "id" DESC OFFSET $2 LIMIT 1) AS cutoff
    FROM unnest($1::text[]) AS k
  ) c WHERE r."apiKeyId" = c.k AND r."id" < c.cutoff`;

function postgresWriter(url: string): Writer {
  const pool = new pg.Pool({ ...pgConfig(url), max: 2 });
  return {
    async write(rows, keep) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        await client.query({
          name: "insert-key-requests",
          text: INSERT_PG,
          values: [
            rows.map((r) => r.id),
            rows.map((r) => r.apiKeyId),
            // ISO strings, not Dates: timestamp columns take UTC wall time, whatever the server's zone.
            rows.map((r) => r.at.toISOString()),
            rows.map((r) => r.method),
            rows.map((r) => r.path),
            rows.map((r) => r.status),
            rows.map((r) => r.errorGuid),
          ],
        });
        await client.query({ name: "trim-key-requests", text: TRIM_PG, values: [keysOf(rows), keep - 1] });
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const writer = sharedDriver("portalKeyRequestWriter", { sqlite: sqliteWriter, postgres: postgresWriter });

/** Inserts the rows and trims each of their keys to its newest `keep` rows, in one transaction. */
export function writeKeyRequests(rows: KeyRequestRow[], keep: number): Promise<void> {
  return writer.get().write(rows, keep);
}

export const closeKeyRequestWriter = writer.close;
