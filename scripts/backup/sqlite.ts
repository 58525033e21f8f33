/**
 * SQLite backups (docs/operations.md "Back up and restore"). A backup is `VACUUM INTO`: one read
 * transaction, so it is a consistent snapshot of the moment it began while the servers go on
 * writing (write-ahead-log mode lets readers and a writer work at once), and a compact file with no
 * -wal of its own. Both directions check the file with `PRAGMA integrity_check` before trusting it.
 */
import { copyFileSync, existsSync, mkdirSync, rmSync, statSync } from "node:fs";
import path from "node:path";
import Database from "libsql";
import { moveIntoPlace, refuseExisting, throughPartial } from "./files";

/** How long a statement waits for another process's lock (a checkpoint, say) before failing. */
const BUSY_TIMEOUT_MS = 10_000;

export const sqliteFile = (url: string) => path.resolve(url.slice("file:".length).split("?")[0]!);

function open(file: string): Database.Database {
  const connection = new Database(file);
  connection.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
  return connection;
}

function withConnection<T>(file: string, work: (connection: Database.Database) => T): T {
  const connection = open(file);
  try {
    return work(connection);
  } finally {
    connection.close();
  }
}

/** Throws unless `file` is a whole SQLite database of this product; returns its applied migrations. */
function checkedDatabase(file: string): number {
  return withConnection(file, (connection) => {
    const problems = connection
      .prepare("PRAGMA integrity_check")
      .all()
      .map((row) => Object.values(row as object)[0]);
    if (problems.join() !== "ok")
      throw new Error(`${file} fails SQLite's integrity check: ${problems.join("; ")}`);
    const migrations = connection
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name = '_prisma_migrations'")
      .get() as { n: number };
    if (!migrations.n) throw new Error(`${file} holds no database of this product (no _prisma_migrations)`);
    const applied = connection
      .prepare("SELECT count(*) AS n FROM _prisma_migrations WHERE finished_at IS NOT NULL")
      .get() as { n: number };
    return Number(applied.n);
  });
}

export async function backupSqlite(url: string, destination: string): Promise<string> {
  const source = sqliteFile(url);
  if (!existsSync(source)) throw new Error(`the database ${source} does not exist`);
  refuseExisting(destination);
  return throughPartial(destination, (partial) => {
    withConnection(source, (connection) => connection.prepare("VACUUM INTO ?").run(partial));
    const migrations = checkedDatabase(partial);
    moveIntoPlace(partial, destination);
    const size = (statSync(destination).size / 1_048_576).toFixed(1);
    return `Backed up ${source} to ${destination} (${size} MiB, ${migrations} migrations applied, integrity checked).`;
  });
}

/** The tables the database at `file` holds; none for a missing or empty file. */
function tableCount(file: string): number {
  if (!existsSync(file) || (statSync(file).size === 0 && !existsSync(`${file}-wal`))) return 0;
  return withConnection(file, (connection) => {
    const row = connection
      .prepare("SELECT count(*) AS n FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'")
      .get() as { n: number };
    return Number(row.n);
  });
}

export async function restoreSqlite(url: string, backup: string, force: boolean): Promise<string> {
  const target = sqliteFile(url);
  if (!existsSync(backup)) throw new Error(`${backup} does not exist`);
  const migrations = checkedDatabase(backup);
  const tables = tableCount(target);
  if (tables > 0 && !force) {
    throw new Error(
      `the database ${target} is not empty (${tables} tables). Restoring replaces it: stop every process that uses it and add --force`,
    );
  }
  mkdirSync(path.dirname(target), { recursive: true });
  return throughPartial(target, (partial) => {
    copyFileSync(backup, partial);
    // The servers run in write-ahead-log mode (server/apply-migrations.ts); the mode is kept in the file.
    withConnection(partial, (connection) => connection.exec("PRAGMA journal_mode = WAL"));
    // A -wal left by the database this replaces would be replayed into the restored file.
    for (const suffix of ["-wal", "-shm", "-journal"]) rmSync(target + suffix, { force: true });
    moveIntoPlace(partial, target);
    const replaced = tables > 0 ? ` (it replaced a database of ${tables} tables)` : "";
    return `Restored ${backup} into ${target}${replaced}: ${migrations} migrations applied, integrity checked.`;
  });
}
