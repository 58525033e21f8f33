/**
 * `npm run backup -- <file>`: an online backup of the database DATABASE_URL names, taken while the
 * servers go on writing, checked before it is reported (docs/operations.md "Back up and restore").
 * SQLite: `VACUUM INTO` a new database file; PostgreSQL: `pg_dump --format=custom` of the URL's
 * schema. Writes a new file, never over an existing one. Exit 2: wrong arguments; 1: failed.
 */
import path from "node:path";
import { parseArgs } from "node:util";
import { databaseKind, databaseUrl } from "../lib/config";
import { backupPostgres } from "./backup/postgres";
import { backupSqlite } from "./backup/sqlite";
import { runCli, usageError } from "./cli";

const USAGE = "Usage: npm run backup -- <backup file>";

async function main() {
  let file: string | undefined;
  try {
    const { positionals } = parseArgs({ allowPositionals: true, options: {} });
    file = positionals.length === 1 ? positionals[0] : undefined;
  } catch (error) {
    usageError(`${(error as Error).message}\n${USAGE}`);
    return;
  }
  if (!file) {
    usageError(USAGE);
    return;
  }
  const url = databaseUrl();
  const destination = path.resolve(file);
  const started = new Date().toISOString();
  const report = await (databaseKind(url) === "sqlite" ? backupSqlite : backupPostgres)(url, destination);
  console.log(`${report} Its snapshot was taken after ${started}.`);
}

runCli("back up the database", main);
