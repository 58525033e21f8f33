/**
 * bench:scale's own connection for bulk writes, through the same drivers the product uses (libsql,
 * pg): large batches in one transaction, statements prepared once. Values are written as Prisma
 * writes them (lib/db/channel-writes.ts): on SQLite DateTime as ISO text with +00:00 and booleans as
 * 0/1; on PostgreSQL multi-row inserts through unnest of typed arrays.
 */

import Database from "libsql";
import pg from "pg";
import { pgConfig } from "../../../lib/db/adapters";
import { sqliteTime } from "../../../lib/db/sqlite-time";
import { DATABASE_URL, DB_KIND } from "./scale-options";

/** A column and its PostgreSQL type (for unnest): text, int, bigint, bool, timestamp. */
export type Column = readonly [name: string, type: "text" | "int" | "bigint" | "bool" | "timestamp"];
type Value = string | number | boolean | Date | null | string[];

export interface Raw {
  /** Runs `work` in one transaction (SQLite: BEGIN IMMEDIATE). */
  transaction(work: () => Promise<void>): Promise<void>;
  insert(table: string, columns: readonly Column[], rows: Value[][]): Promise<void>;
  /** `?` placeholders on both databases. */
  run(sql: string, params?: Value[]): Promise<void>;
  all<Row>(sql: string, params?: Value[]): Promise<Row[]>;
  /** A subquery of the ids in `param` (bound as one parameter), for `WHERE "id" IN <idList>`. */
  idList: string;
  ids(ids: string[]): Value;
  close(): Promise<void>;
}

const sqliteValue = (value: Value) =>
  value instanceof Date ? sqliteTime(value) : typeof value === "boolean" ? Number(value) : value;

interface Statement {
  run(...params: unknown[]): unknown;
  all(...params: unknown[]): unknown[];
}

function sqliteRaw(): Raw {
  const connection = new Database(DATABASE_URL.slice("file:".length).split("?")[0]!);
  connection.exec("PRAGMA busy_timeout = 5000");
  // Seeding, not serving: a crash mid-seed means seeding again, so one fsync per checkpoint is enough.
  connection.exec("PRAGMA synchronous = NORMAL");
  connection.exec("PRAGMA cache_size = -262144"); // 256 MB of pages: random index inserts stay in memory
  const statements = new Map<string, Statement>();
  const prepared = (sql: string) => {
    let statement = statements.get(sql);
    if (!statement) statements.set(sql, (statement = connection.prepare<unknown[]>(sql)));
    return statement;
  };
  return {
    async transaction(work) {
      connection.exec("BEGIN IMMEDIATE");
      try {
        await work();
        connection.exec("COMMIT");
      } catch (error) {
        connection.exec("ROLLBACK");
        throw error;
      }
    },
    async insert(table, columns, rows) {
      const names = columns.map(([name]) => `"${name}"`).join(", ");
      const statement = prepared(
        `INSERT INTO "${table}" (${names}) VALUES (${columns.map(() => "?").join(", ")})`,
      );
      for (const row of rows) statement.run(...row.map(sqliteValue));
    },
    async run(sql, params = []) {
      prepared(sql).run(...params.map(sqliteValue));
    },
    async all<Row>(sql: string, params: Value[] = []) {
      return prepared(sql).all(...params.map(sqliteValue)) as Row[];
    },
    idList: "(SELECT value FROM json_each(?))",
    ids: (ids) => JSON.stringify(ids),
    close: async () => {
      connection.close();
    },
  };
}

const numbered = (sql: string) => {
  let n = 0;
  return sql.replace(/\?/g, () => `$${++n}`);
};
const pgValue = (value: Value) => (value instanceof Date ? value.toISOString() : value);
const PG_CHUNK = 5_000;

function postgresRaw(): Raw {
  const client = new pg.Client(pgConfig(DATABASE_URL));
  const connected = client.connect();
  const query = async (text: string, values: unknown[] = []) => {
    await connected;
    return client.query(text, values);
  };
  return {
    async transaction(work) {
      await query("BEGIN");
      try {
        await work();
        await query("COMMIT");
      } catch (error) {
        await query("ROLLBACK").catch(() => {});
        throw error;
      }
    },
    async insert(table, columns, rows) {
      const names = columns.map(([name]) => `"${name}"`).join(", ");
      const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`).join(", ");
      const sql = `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays})`;
      for (let start = 0; start < rows.length; start += PG_CHUNK) {
        const chunk = rows.slice(start, start + PG_CHUNK);
        await query(
          sql,
          columns.map((_, i) => chunk.map((row) => pgValue(row[i] ?? null))),
        );
      }
    },
    async run(sql, params = []) {
      await query(numbered(sql), params.map(pgValue));
    },
    async all<Row>(sql: string, params: Value[] = []) {
      return (await query(numbered(sql), params.map(pgValue))).rows as Row[];
    },
    idList: "(SELECT unnest(?::text[]))",
    ids: (ids) => ids,
    close: async () => {
      await connected.catch(() => {});
      await client.end();
    },
  };
}

export const openRaw = (): Raw => (DB_KIND === "sqlite" ? sqliteRaw() : postgresRaw());
