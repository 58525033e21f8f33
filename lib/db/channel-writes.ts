/**
 * Create's inserts through the drivers, with statements prepared once: the second measured bypass of
 * Prisma (see channel-reads.ts for the first). A batch of creates — channels and their CREATE
 * requests — is one transaction. The rows are exactly what Prisma would write (DateTime as ISO text
 * with +00:00 on SQLite, booleans as 0/1).
 *
 * Ids are UUIDv7: time-ordered, so new rows go to the right edge of the primary-key indexes instead of
 * a random page of them (measured: half the cost per insert on a database of 40,000 channels).
 *
 * SQLite: this is a second connection of the process, beside Prisma's, and libsql is synchronous: a
 * busy wait here would block the event loop while Prisma's connection, holding the lock inside an
 * interactive transaction, waits for that same loop. So this connection never waits: busy_timeout is
 * 0, the whole transaction runs in one synchronous turn (it never holds the lock across turns), and
 * SQLITE_BUSY is retried asynchronously after a short pause.
 */
import Database from "libsql";
import pg from "pg";
import { v7 as timeOrderedId } from "uuid";
import { databaseKind, databaseUrl, ensureSqliteFolder } from "../config";
import { pgConfig } from "./adapters";

/**
 * The Channel columns that follow from the requested content. lib/domain/channels/columns.ts computes
 * all of them in one function; the inserts below write whatever this list names, so a column added
 * here is written by create as by update and approval.
 */
const REQUESTED_COLUMNS = ["requestedContent", "availabilityTags", "searchText"] as const;
export type RequestedColumns = Record<(typeof REQUESTED_COLUMNS)[number], string>;

export interface NewChannelRow {
  providerId: string;
  providerDeliveryChannelId: string;
  /** requestedContent is also the body of the CREATE request. */
  columns: RequestedColumns;
  receivedAt: Date;
}

interface ChannelWriter {
  insert(rows: NewChannelRow[]): Promise<void>;
  close(): Promise<void>;
}

/** Thrown for a duplicate (providerId, providerDeliveryChannelId), like Prisma's P2002. */
export class DuplicateChannel extends Error {
  readonly code = "P2002";
}

const quoted = REQUESTED_COLUMNS.map((column) => `"${column}"`).join(", ");
const CHANNEL_COLUMNS = `"id", "providerId", "providerDeliveryChannelId", "status", "isApproved", ${quoted}, "createdAt", "updatedAt"`;
const contentValues = (row: NewChannelRow) => REQUESTED_COLUMNS.map((column) => row.columns[column]);
const REQUEST_COLUMNS = `"id", "channelId", "kind", "body", "state", "requestedAt"`;
const sqliteTime = (date: Date) => date.toISOString().replace("Z", "+00:00");
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function sqliteWriter(url: string): ChannelWriter {
  ensureSqliteFolder(url);
  const connection = new Database(url.slice("file:".length).split("?")[0]!);
  connection.exec("PRAGMA busy_timeout = 0");
  // FULL (SQLite's default, as on Prisma's connection): a receipt is only sent once its commit is on
  // disk, so even a power loss cannot undo it. Measured against NORMAL (npm run bench -- --only
  // create): no difference, because one fsync covers a whole batch of creates.
  connection.exec("PRAGMA synchronous = FULL");
  const channel = connection.prepare(
    `INSERT INTO "Channel" (${CHANNEL_COLUMNS}) VALUES (?, ?, ?, 'REQUESTED', 0, ${REQUESTED_COLUMNS.map(() => "?, ").join("")}?, ?)`,
  );
  const request = connection.prepare(
    `INSERT INTO "ChannelRequest" (${REQUEST_COLUMNS}) VALUES (?, ?, 'CREATE', ?, 'PENDING', ?)`,
  );
  const begin = connection.prepare("BEGIN IMMEDIATE");
  const commit = connection.prepare("COMMIT");
  const rollback = connection.prepare("ROLLBACK");

  const insertNow = (rows: NewChannelRow[]) => {
    begin.run();
    try {
      const now = sqliteTime(new Date());
      for (const row of rows) {
        const id = timeOrderedId();
        channel.run(id, row.providerId, row.providerDeliveryChannelId, ...contentValues(row), now, now);
        request.run(timeOrderedId(), id, row.columns.requestedContent, sqliteTime(row.receivedAt));
      }
      commit.run();
    } catch (error) {
      rollback.run();
      throw error;
    }
  };

  return {
    async insert(rows) {
      for (let attempt = 0; ; attempt++) {
        try {
          return insertNow(rows);
        } catch (error) {
          const code = (error as { code?: string }).code ?? "";
          if (code.startsWith("SQLITE_CONSTRAINT")) throw new DuplicateChannel((error as Error).message);
          if (!code.startsWith("SQLITE_BUSY") || attempt >= 5000) throw error;
          await pause(attempt < 10 ? 1 : 5);
        }
      }
    },
    close: async () => {
      connection.close();
    },
  };
}

/** $1 is the time; then one text[] per column: id, provider, channel id, each requested column. */
const unnestArrays = Array.from({ length: 3 + REQUESTED_COLUMNS.length }, (_, i) => `$${i + 2}::text[]`);
const CREATE_CHANNELS_SQL = `INSERT INTO "Channel" (${CHANNEL_COLUMNS})
  SELECT c1, c2, c3, 'REQUESTED', false, ${REQUESTED_COLUMNS.map((_, i) => `c${i + 4}`).join(", ")},
    $1::timestamp, $1::timestamp
  FROM unnest(${unnestArrays.join(", ")}) AS u(${unnestArrays.map((_, i) => `c${i + 1}`).join(", ")})`;

function postgresWriter(url: string): ChannelWriter {
  const pool = new pg.Pool({ ...pgConfig(url), max: 4 });
  return {
    async insert(rows) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        // ISO strings, not Dates: timestamp columns take UTC wall time, whatever the server's zone.
        const now = new Date();
        const ids = rows.map(() => timeOrderedId());
        // One multi-row insert per table: unnest of parallel arrays, so the statement text is the same
        // for every batch size and PostgreSQL can cache its plan.
        await client.query({
          name: "create-channels",
          text: CREATE_CHANNELS_SQL,
          values: [
            now.toISOString(),
            ids,
            rows.map((r) => r.providerId),
            rows.map((r) => r.providerDeliveryChannelId),
            ...REQUESTED_COLUMNS.map((column) => rows.map((r) => r.columns[column])),
          ],
        });
        await client.query({
          name: "create-channel-requests",
          text: `INSERT INTO "ChannelRequest" (${REQUEST_COLUMNS})
                 SELECT id, channel, 'CREATE', body, 'PENDING', requested
                 FROM unnest($1::text[], $2::text[], $3::text[], $4::timestamp[]) AS t(id, channel, body, requested)`,
          values: [
            rows.map(() => timeOrderedId()),
            ids,
            rows.map((r) => r.columns.requestedContent),
            rows.map((r) => r.receivedAt.toISOString()),
          ],
        });
        await client.query("COMMIT");
      } catch (error) {
        await client.query("ROLLBACK").catch(() => {});
        if ((error as { code?: string }).code === "23505")
          throw new DuplicateChannel((error as Error).message);
        throw error;
      } finally {
        client.release();
      }
    },
    close: () => pool.end(),
  };
}

const shared = globalThis as unknown as { portalChannelWriter?: ChannelWriter };

/** Inserts channels with their CREATE requests in one transaction; a duplicate fails the whole batch. */
export function insertChannels(rows: NewChannelRow[]): Promise<void> {
  shared.portalChannelWriter ??=
    databaseKind() === "sqlite" ? sqliteWriter(databaseUrl()) : postgresWriter(databaseUrl());
  return shared.portalChannelWriter.insert(rows);
}

export async function closeChannelWriter(): Promise<void> {
  await shared.portalChannelWriter?.close();
  shared.portalChannelWriter = undefined;
}
