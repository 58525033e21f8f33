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
import {
  AUDIT_COLUMNS,
  type AuditStore,
  appendAudit,
  appendAuditNow,
  auditValues,
  type ChainHead,
  ENSURE_HEAD_SQL,
  LOCK_HEAD_SQL,
  READ_HEAD_SQL,
  type UnchainedAuditRow,
  writeHeadSql,
} from "./audit-chain";
import { sqliteTime } from "./sqlite-time";

/**
 * The Channel columns that follow from the requested content. lib/domain/channels/columns.ts computes
 * all of them in one function; the inserts below write whatever this list names, so a column added
 * here is written by create as by update and approval.
 */
const REQUESTED_COLUMNS = ["requestedContent", "availabilityTags", "searchText", "sortName"] as const;
export type RequestedColumns = Record<(typeof REQUESTED_COLUMNS)[number], string>;

export interface NewChannelRow {
  /** Chosen by the caller (newChannelId), so that its audit entry can name it. */
  id: string;
  providerId: string;
  providerDeliveryChannelId: string;
  /** requestedContent is also the body of the CREATE request. */
  columns: RequestedColumns;
  receivedAt: Date;
  /** The create's audit entry, chained and written in the batch's transaction. */
  audit: UnchainedAuditRow;
  /** Under an Idempotency-Key: the key's journal, written in the batch's transaction (transaction-journal.ts). */
  journal?: JournalRow;
}

/** An idempotency key's journal column, as lib/db/transaction-journal.ts's journalEntry gives it. */
export interface JournalRow {
  apiKeyId: string;
  key: string;
  journal: string;
}
const UPDATE_JOURNAL_SQL = (p: string[]) =>
  `UPDATE "IdempotencyKey" SET "journal" = ${p[0]} WHERE "apiKeyId" = ${p[1]} AND "key" = ${p[2]}`;
const journalValues = ({ journal, apiKeyId, key }: JournalRow) => [journal, apiKeyId, key];

/** A new channel's id: UUIDv7 (see above). */
export const newChannelId = (): string => timeOrderedId();

interface ChannelWriter {
  insert(rows: NewChannelRow[]): Promise<void>;
  close(): Promise<void>;
}

const quoted = REQUESTED_COLUMNS.map((column) => `"${column}"`).join(", ");
const CHANNEL_COLUMNS = `"id", "providerId", "providerDeliveryChannelId", "status", "isApproved", ${quoted}, "createdAt", "updatedAt"`;
const contentValues = (row: NewChannelRow) => REQUESTED_COLUMNS.map((column) => row.columns[column]);
// providerId too (the database would copy it from the channel, with an update per row on SQLite).
const REQUEST_COLUMNS = `"id", "channelId", "providerId", "kind", "body", "state", "requestedAt"`;
const AUDIT_COLUMN_LIST = AUDIT_COLUMNS.map(([column]) => `"${column}"`).join(", ");
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
    `INSERT INTO "ChannelRequest" (${REQUEST_COLUMNS}) VALUES (?, ?, ?, 'CREATE', ?, 'PENDING', ?)`,
  );
  // The audit chain's store (lib/db/audit-chain.ts), synchronous: the batch runs in one turn.
  const prepare = (sql: string) => connection.prepare<unknown[]>(sql);
  const statements = new Map<string, ReturnType<typeof prepare>>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = prepare(sql)));
    return statement;
  };
  const auditInsert = `INSERT INTO "AuditEntry" (${AUDIT_COLUMN_LIST}) VALUES (${AUDIT_COLUMNS.map(() => "?").join(", ")})`;
  const auditStore: AuditStore<false> = {
    run: (sql) => prepared(sql).run(),
    readHead: () => prepared(READ_HEAD_SQL).get() as ChainHead,
    insert: (rows) => {
      for (const row of rows)
        prepared(auditInsert).run(
          ...auditValues(row).map((value) => (value instanceof Date ? sqliteTime(value) : value)),
        );
    },
    writeHead: (head) => prepared(writeHeadSql("?", "?")).run(head.seq, head.hash),
  };
  const journal = connection.prepare(UPDATE_JOURNAL_SQL(["?", "?", "?"]));
  const begin = connection.prepare("BEGIN IMMEDIATE");
  const commit = connection.prepare("COMMIT");
  const rollback = connection.prepare("ROLLBACK");

  const insertNow = (rows: NewChannelRow[]) => {
    begin.run();
    try {
      const now = sqliteTime(new Date());
      for (const row of rows) {
        channel.run(row.id, row.providerId, row.providerDeliveryChannelId, ...contentValues(row), now, now);
        request.run(
          timeOrderedId(),
          row.id,
          row.providerId,
          row.columns.requestedContent,
          sqliteTime(row.receivedAt),
        );
        if (row.journal) journal.run(...journalValues(row.journal));
      }
      appendAuditNow(
        auditStore,
        rows.map((row) => row.audit),
      );
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

/** The audit rows' columns as parallel arrays, typed for unnest. */
const INSERT_AUDIT_SQL = `INSERT INTO "AuditEntry" (${AUDIT_COLUMN_LIST})
  SELECT * FROM unnest(${AUDIT_COLUMNS.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ")})`;

const AUDIT_STATEMENT_NAMES: Record<string, string> = {
  [ENSURE_HEAD_SQL]: "audit-ensure-head",
  [LOCK_HEAD_SQL]: "audit-lock-head",
};

/** The audit chain's store (lib/db/audit-chain.ts) in the batch's transaction: statements prepared once, by name. */
const postgresAuditStore = (client: pg.PoolClient): AuditStore<true> => ({
  run: (sql) => client.query({ name: AUDIT_STATEMENT_NAMES[sql], text: sql }),
  readHead: async () =>
    (await client.query<ChainHead>({ name: "audit-read-head", text: READ_HEAD_SQL })).rows[0]!,
  insert: (rows) => {
    const values = rows.map(auditValues);
    return client.query({
      name: "audit-insert",
      text: INSERT_AUDIT_SQL,
      values: AUDIT_COLUMNS.map(([, type], column) =>
        values.map((row) => (type === "timestamp" ? (row[column] as Date).toISOString() : row[column])),
      ),
    });
  },
  writeHead: (head) =>
    client.query({
      name: "audit-update-head",
      text: writeHeadSql("$1", "$2"),
      values: [head.seq, head.hash],
    }),
});

function postgresWriter(url: string): ChannelWriter {
  const pool = new pg.Pool({ ...pgConfig(url), max: 4 });
  return {
    async insert(rows) {
      const client = await pool.connect();
      try {
        await client.query("BEGIN");
        // ISO strings, not Dates: timestamp columns take UTC wall time, whatever the server's zone.
        const now = new Date();
        const ids = rows.map((row) => row.id);
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
                 SELECT id, channel, provider, 'CREATE', body, 'PENDING', requested
                 FROM unnest($1::text[], $2::text[], $3::text[], $4::text[], $5::timestamp[])
                   AS t(id, channel, provider, body, requested)`,
          values: [
            rows.map(() => timeOrderedId()),
            ids,
            rows.map((r) => r.providerId),
            rows.map((r) => r.columns.requestedContent),
            rows.map((r) => r.receivedAt.toISOString()),
          ],
        });
        await appendAudit(
          postgresAuditStore(client),
          rows.map((row) => row.audit),
        );
        for (const row of rows)
          if (row.journal)
            await client.query({
              name: "create-journal",
              text: UPDATE_JOURNAL_SQL(["$1", "$2", "$3"]),
              values: journalValues(row.journal),
            });
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

const shared = globalThis as unknown as { portalChannelWriter?: ChannelWriter };

/**
 * Inserts channels with their CREATE requests in one transaction; a duplicate fails the whole batch
 * with the driver's error (insert-channel.ts, Create's batches, types it).
 */
export function insertChannels(rows: NewChannelRow[]): Promise<void> {
  shared.portalChannelWriter ??=
    databaseKind() === "sqlite" ? sqliteWriter(databaseUrl()) : postgresWriter(databaseUrl());
  return shared.portalChannelWriter.insert(rows);
}

export async function closeChannelWriter(): Promise<void> {
  await shared.portalChannelWriter?.close();
  shared.portalChannelWriter = undefined;
}
