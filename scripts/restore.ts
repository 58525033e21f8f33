/**
 * `npm run restore -- <file> [--force]`: restores a backup of `npm run backup` into the database
 * DATABASE_URL names (docs/operations.md "Back up and restore"). Refuses a database that is not
 * empty unless --force, and never leaves it half-written: SQLite's file is replaced by a rename,
 * PostgreSQL's restore is one transaction. Exit 2: wrong arguments; 1: refused or failed.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { databaseKind, databaseUrl } from "../lib/config";
import { restorePostgres } from "./backup/postgres";
import { restoreSqlite } from "./backup/sqlite";
import { runCli, usageError } from "./cli";

const USAGE =
  "Usage: npm run restore -- <backup file> [--force]   (--force replaces a database that is not empty)";

async function main() {
  let parsed: { file?: string; force: boolean };
  try {
    const { positionals, values } = parseArgs({
      allowPositionals: true,
      options: { force: { type: "boolean", default: false } },
    });
    parsed = { file: positionals.length === 1 ? positionals[0] : undefined, force: values.force };
  } catch (error) {
    usageError(`${(error as Error).message}\n${USAGE}`);
    return;
  }
  if (!parsed.file) {
    usageError(USAGE);
    return;
  }
  const url = databaseUrl();
  const restore = databaseKind(url) === "sqlite" ? restoreSqlite : restorePostgres;
  console.log(await restore(url, path.resolve(parsed.file), parsed.force));
  console.log("Start the servers on it: they apply any migration this build has and the backup lacks.");
}

runCli("restore the database", main);
