/**
 * Applies pending migrations for DATABASE_URL with the Prisma CLI (JavaScript engine, offline), one
 * process at a time per database. Instances started together each migrate on start, and the CLI's
 * own locking does not cover its work: on PostgreSQL its advisory lock is taken after it creates the
 * URL's schema (one of eight simultaneous starts died: "schema … already exists"), on SQLite it
 * takes none (two applied one migration, and the loser's failed record, P3009, stopped every later
 * start). Under our lock the first applies them and the others find nothing left to do.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { promisify } from "node:util";
import Database from "libsql";
import pg from "pg";
import { databaseKind, databaseUrl, ensureSqliteFolder } from "../lib/config";
import { pgConfig } from "../lib/db/adapters";
import { pendingMigrationsOf } from "../lib/db/migration-state";

/**
 * The session-level advisory lock held on PostgreSQL while migrating: one per database, not per
 * schema, since the search migration creates pg_trgm in the shared public schema. Any number no other
 * lock of ours uses (Prisma's own is 72707369; lib/domain/users/managed-users.ts hashes a name).
 */
const MIGRATION_LOCK_ID = 4_200_001;

/** How long a starting instance waits for another's migration before giving up (its supervisor retries). */
const MIGRATION_WAIT_MS = 10 * 60_000;

const sqliteFile = (url: string) => url.slice("file:".length).split("?")[0]!;

/**
 * SQLite runs in write-ahead-log mode: readers never wait for a writer and a commit appends to the
 * log instead of rewriting pages (far fewer fsyncs per commit). The mode is stored in the database
 * file, so every connection and process that opens it afterwards uses it.
 */
function enableWriteAheadLog(url: string): void {
  const connection = new Database(sqliteFile(url));
  try {
    connection.exec("PRAGMA journal_mode = WAL");
  } finally {
    connection.close();
  }
}

/** What the lock's holder reads Prisma's record with (lib/db/migration-state.ts asks one raw query). */
type RecordReader = Parameters<typeof pendingMigrationsOf>[0];

/** The record in the SQLite file, on a read-only connection of its own; none when there is no file yet. */
async function inSqliteFile(url: string, read: (record: RecordReader) => Promise<string[]>) {
  // No file, no record: a query that fails leaves every carried migration pending.
  if (!existsSync(sqliteFile(url)))
    return read({ $queryRawUnsafe: () => Promise.reject(new Error("no database file yet")) });
  const connection = new Database(sqliteFile(url), { readonly: true });
  try {
    return await read({ $queryRawUnsafe: async <T>(query: string) => connection.prepare(query).all() as T });
  } finally {
    connection.close();
  }
}

/**
 * Applies what is pending; says whether the CLI ran. When the record already holds every migration
 * this build carries (the readiness probe's own test), the CLI is not started: its process alone costs
 * about 3 s of CPU, paid by every restart and by each of several instances starting together. A
 * failed or rolled-back migration counts as pending, so the CLI applies or refuses it in its words.
 */
export async function applyMigrations(root: string): Promise<"applied" | "up to date"> {
  const url = databaseUrl();
  const kind = databaseKind(url);
  let outcome: "applied" | "up to date" = "up to date";
  await (kind === "sqlite" ? underFileLock : underAdvisoryLock)(url, async (pending) => {
    if ((await pending()).length) {
      await migrateDeploy(root);
      outcome = "applied";
    }
    if (kind === "sqlite") enableWriteAheadLog(url);
  });
  return outcome;
}

async function migrateDeploy(root: string): Promise<void> {
  const prismaCli = createRequire(import.meta.url).resolve("prisma/build/index.js");
  try {
    const preload = path.join(projectRoot, "server", "cli-exit-preload.cjs");
    await promisify(execFile)(process.execPath, ["--require", preload, prismaCli, "migrate", "deploy"], {
      cwd: root,
      env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
    });
  } catch (error) {
    // The CLI prints prose; keep the log JSON by carrying its output inside one error line.
    const output = error as { stderr?: string; stdout?: string; message?: string };
    const printed = `${output.stdout ?? ""}${output.stderr ?? ""}` || output.message;
    throw new Error(`prisma migrate deploy failed:\n${printed}`);
  }
}

/** What the lock's holder is given: the carried migrations the database has not applied. */
type LockedWork = (pending: () => Promise<string[]>) => Promise<void>;

/** Runs `work` holding the advisory lock on a connection of its own, ended after (which frees it anyway). */
async function underAdvisoryLock(url: string, work: LockedWork): Promise<void> {
  const config = pgConfig(url);
  const client = new pg.Client(config);
  await client.connect().catch((error: NodeJS.ErrnoException) => {
    // A socket's failure in the CLI's words (P1001), as the start's fatal line said before the lock.
    if (!error.syscall) throw error;
    throw new Error(`Can't reach database server at ${config.host}:${config.port} (${error.message})`);
  });
  try {
    await client.query(`SET lock_timeout = ${MIGRATION_WAIT_MS}`);
    await client.query("SELECT pg_advisory_lock($1)", [MIGRATION_LOCK_ID]);
    try {
      // The connection's search_path is the URL's schema (pgConfig): no schema or no table, no record.
      await work(() =>
        pendingMigrationsOf({
          $queryRawUnsafe: async <T>(query: string) => (await client.query(query)).rows as T,
        }),
      );
    } finally {
      await client.query("SELECT pg_advisory_unlock($1)", [MIGRATION_LOCK_ID]);
    }
  } finally {
    await client.end();
  }
}

/**
 * Runs `work` holding an exclusive lock on a SQLite file beside the database (the database's own
 * would shut the CLI out). The operating system frees it when the process dies, so a crash mid-way
 * leaves no stale lock; the file stays, empty, for the next start.
 */
async function underFileLock(url: string, work: LockedWork): Promise<void> {
  ensureSqliteFolder(url);
  const lock = new Database(`${sqliteFile(url)}-migrate-lock`, { timeout: MIGRATION_WAIT_MS });
  try {
    lock.exec("BEGIN EXCLUSIVE");
    await work(() => inSqliteFile(url, pendingMigrationsOf));
  } finally {
    lock.close();
  }
}

/**
 * The repository, or the image's folder: this module is one folder below it in both (server/ here,
 * a shared chunk in chunks/ there, deploy/image/bundle-runtime.ts).
 */
export const projectRoot = path.resolve(import.meta.dirname, "..");
