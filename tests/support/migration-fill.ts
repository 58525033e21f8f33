/**
 * A migration's fill-in of existing rows: its statements from the first UPDATE on (starting a line), for this test
 * project's database. Tests run it over rows they reset, to check it computes what the app writes.
 */
import { readFileSync } from "node:fs";
import { inject } from "vitest";

export function migrationFill(name: string): string {
  const migration = readFileSync(`prisma/${inject("databaseKind")}/migrations/${name}/migration.sql`, "utf8");
  // The first UPDATE at a line's start: a trigger's body (indented) is not a fill.
  return migration.slice(migration.search(/^UPDATE/m));
}
