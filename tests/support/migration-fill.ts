/**
 * A migration's fill-in of existing rows: its statements from the first UPDATE on, for this test
 * project's database. Tests run it over rows they reset, to check it computes what the app writes.
 */
import { readFileSync } from "node:fs";
import { inject } from "vitest";

export function migrationFill(name: string): string {
  const migration = readFileSync(`prisma/${inject("databaseKind")}/migrations/${name}/migration.sql`, "utf8");
  return migration.slice(migration.indexOf("UPDATE"));
}
