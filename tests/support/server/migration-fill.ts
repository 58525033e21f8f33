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

/** One statement of a migration: from the line starting with `start` to its closing semicolon. */
export function migrationStatement(name: string, start: string): string {
  const migration = readFileSync(`prisma/${inject("databaseKind")}/migrations/${name}/migration.sql`, "utf8");
  const from = migration.search(new RegExp(`^${start.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`, "m"));
  if (from < 0) throw new Error(`${name} has no statement starting ${start}`);
  return migration.slice(from, migration.indexOf(";\n", from) + 1);
}
