/**
 * Driver adapters for Prisma, chosen by the DATABASE_URL prefix. The app uses them as they are;
 * the migrate CLI (prisma.config.ts) needs the PostgreSQL one patched, see migrationAdapter().
 */
import type { Client, Config, TransactionMode } from "@libsql/client";
import { PrismaLibSQL } from "@prisma/adapter-libsql";
import { PrismaPg } from "@prisma/adapter-pg";
import { databaseKind, databasePoolSize, databaseUrl, ensureSqliteFolder } from "../config";

export function runtimeAdapter(url = databaseUrl()) {
  if (databaseKind(url) === "sqlite") {
    ensureSqliteFolder(url);
    // Other processes (npm run worker, the onboarding CLI) write to the same file: wait up to 5 s for
    // their lock instead of failing at once. Within this process the adapter runs one query at a time,
    // so the wait never blocks on a lock held by this process.
    return new WriteLockedSqlite({ url, timeout: 5000 });
  }
  return new PrismaPg(pgConfig(url), { schema: pgSchema(url) });
}

/**
 * Prisma's SQLite transactions take the write lock when they begin (BEGIN IMMEDIATE), waiting their
 * turn under the busy timeout. Its default, a deferred BEGIN, reads first and takes the lock at the
 * first write: in WAL mode that write is refused at once ("Operation has timed out") whenever another
 * process committed since the read, as the worker or a CLI may at any moment.
 */
class WriteLockedSqlite extends PrismaLibSQL {
  override createClient(config: Config): Client {
    const client = super.createClient(config);
    const begin = client.transaction.bind(client);
    client.transaction = (mode?: TransactionMode) => begin(mode === "deferred" ? "write" : mode);
    return client;
  }
}

/** A `?schema=` parameter selects a PostgreSQL schema (the tests use a fresh one per run). */
export function pgSchema(url: string): string | undefined {
  return new URL(url).searchParams.get("schema") ?? undefined;
}

/**
 * Connection fields spelled out rather than a connectionString: pg lets a connectionString win
 * over `database`, which made the adapter's shadow database the real one.
 */
export function pgConfig(url: string) {
  const u = new URL(url);
  const schema = pgSchema(url);
  return {
    host: decodeURIComponent(u.hostname) || "127.0.0.1",
    port: Number(u.port) || 5432,
    user: decodeURIComponent(u.username) || "postgres",
    password: decodeURIComponent(u.password) || undefined,
    database: decodeURIComponent(u.pathname.slice(1)) || "postgres",
    options: schema ? `-c search_path="${schema}"` : undefined,
    max: databasePoolSize(),
  };
}
