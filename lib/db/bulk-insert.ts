/**
 * Many rows of one table written in one statement per few thousand rows, in the caller's Prisma
 * transaction: the rows travel as one bound value (a JSON array of rows read by `json_each` on SQLite,
 * parallel arrays read by `unnest` on PostgreSQL), so the statement text is the same for every row
 * count. Prisma's createMany binds every field (at most 999 values a statement on SQLite: 71 audit
 * entries) and builds each statement through its query compiler: an upload applying 100,000 outcomes
 * spent 40 of its 60 s writing their audit entries and budget movements that way (bench:scale).
 * Values are written as Prisma writes them: times as ISO text with +00:00 on SQLite, BigInts exact.
 */
import { databaseKind } from "../config";
import { sqliteTime } from "./sqlite-time";

/** A column's PostgreSQL type, which also says how SQLite must read it out of JSON. */
export type BulkColumnType = "text" | "int" | "bigint" | "timestamp";
export type BulkColumns = readonly (readonly [name: string, type: BulkColumnType])[];
export type BulkValue = string | number | bigint | Date | null;

interface RawWrites {
  $executeRawUnsafe(query: string, ...values: unknown[]): Promise<number>;
}

/** Rows a statement: a few MB of JSON at most, well within one transaction's time. */
const ROWS_PER_STATEMENT = 5000;

/** SQLite: each column out of the row's JSON array; BigInts travel as text (JSON numbers are doubles). */
function sqliteInsert(table: string, columns: BulkColumns): string {
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const values = columns.map(([, type], i) =>
    type === "bigint" ? `CAST(value ->> ${i} AS INTEGER)` : `value ->> ${i}`,
  );
  return `INSERT INTO "${table}" (${names}) SELECT ${values.join(", ")} FROM json_each(?)`;
}

function postgresInsert(table: string, columns: BulkColumns): string {
  const names = columns.map(([name]) => `"${name}"`).join(", ");
  const arrays = columns.map(([, type], i) => `$${i + 1}::${type}[]`);
  return `INSERT INTO "${table}" (${names}) SELECT * FROM unnest(${arrays.join(", ")})`;
}

const sqliteValue = (value: BulkValue) =>
  value instanceof Date ? sqliteTime(value) : typeof value === "bigint" ? String(value) : value;
// ISO text, not Dates: timestamp columns take UTC wall time, whatever the server's zone.
const postgresValue = (value: BulkValue) =>
  value instanceof Date ? value.toISOString() : typeof value === "bigint" ? String(value) : value;

type Values = readonly BulkValue[];

/**
 * Inserts `rows` into `table`: each the values of `columns` in their order, or made so by `valuesOf`
 * a statement's rows at a time (so a large insert never holds every row's values at once).
 */
export async function insertRows<Row = Values>(
  tx: RawWrites,
  table: string,
  columns: BulkColumns,
  rows: readonly Row[],
  valuesOf: (row: Row) => Values = (row) => row as Values,
): Promise<void> {
  const sqlite = databaseKind() === "sqlite";
  const statement = sqlite ? sqliteInsert(table, columns) : postgresInsert(table, columns);
  for (let start = 0; start < rows.length; start += ROWS_PER_STATEMENT) {
    const some = rows.slice(start, start + ROWS_PER_STATEMENT).map(valuesOf);
    if (sqlite)
      await tx.$executeRawUnsafe(statement, JSON.stringify(some.map((row) => row.map(sqliteValue))));
    else
      await tx.$executeRawUnsafe(
        statement,
        ...columns.map((_, i) => some.map((row) => postgresValue(row[i]!))),
      );
  }
}
