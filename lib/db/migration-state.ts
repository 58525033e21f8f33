/**
 * The migrations this build carries (prisma/<kind>/migrations) that the database has not applied
 * (`_prisma_migrations`, Prisma's own record): readiness refuses traffic until there are none, so an
 * instance of a newer build never serves an older schema during a rolling update.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { databaseKind } from "../config";

let carried: string[] | undefined;

/** The build's migrations, read once per process (they ship with the server). */
function carriedMigrations(): string[] {
  carried ??= readdirSync(path.join(process.cwd(), "prisma", databaseKind(), "migrations"), {
    withFileTypes: true,
  })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)
    .sort();
  return carried;
}

/** What this asks of a client: one raw query. */
interface RawQuery {
  $queryRawUnsafe<T>(query: string): Promise<T>;
}

/** The carried migrations not yet applied, in order; all of them when the database has no record yet. */
export async function pendingMigrationsOf(client: RawQuery): Promise<string[]> {
  let applied: Set<string>;
  try {
    const rows = await client.$queryRawUnsafe<{ migration_name: string }[]>(
      "SELECT migration_name FROM _prisma_migrations WHERE finished_at IS NOT NULL AND rolled_back_at IS NULL",
    );
    applied = new Set(rows.map((row) => row.migration_name));
  } catch {
    applied = new Set();
  }
  return carriedMigrations().filter((name) => !applied.has(name));
}
