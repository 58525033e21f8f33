/**
 * Everything a test database stores, as text to search for a value in clear (issue 36): on SQLite
 * the database file's bytes and its write-ahead log's, read as they lie on disk; on PostgreSQL every
 * row of every table of the database's schema, as PostgreSQL prints it.
 */
import { existsSync, readFileSync } from "node:fs";
import { db } from "../../../lib/db";

export async function storedText(databaseUrl: string): Promise<string> {
  if (databaseUrl.startsWith("file:")) {
    const file = databaseUrl.slice("file:".length).split("?")[0]!;
    return [file, `${file}-wal`]
      .filter((path) => existsSync(path))
      .map((path) => readFileSync(path).toString("latin1"))
      .join("\n");
  }
  const tables = await db().$queryRawUnsafe<Array<{ name: string }>>(
    "SELECT table_name::text AS name FROM information_schema.tables WHERE table_schema = current_schema() AND table_type = 'BASE TABLE'",
  );
  const parts: string[] = [];
  for (const { name } of tables) {
    const rows = await db().$queryRawUnsafe<Array<{ row: string }>>(`SELECT t::text AS row FROM "${name}" t`);
    parts.push(...rows.map((row) => row.row));
  }
  return parts.join("\n");
}

/** Which of `values` appear in `text` (as UTF-8 bytes read as latin1, which is how storedText reads a file). */
export function valuesIn(text: string, values: string[], asFileBytes: boolean): string[] {
  return values.filter((value) =>
    text.includes(asFileBytes ? Buffer.from(value, "utf8").toString("latin1") : value),
  );
}
