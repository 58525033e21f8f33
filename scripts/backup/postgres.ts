/**
 * PostgreSQL backups (docs/operations.md "Back up and restore") with PostgreSQL's own tools:
 * `pg_dump --format=custom` reads in one repeatable-read transaction, a consistent snapshot taken
 * while the servers go on writing; `pg_restore` loads it in one transaction, so a failed restore
 * leaves the target as it was. The connection's fields go to the tools through PG* variables, never
 * on their command line (where `ps` shows a password), and only the URL's schema is dumped.
 */
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { pgConfig, pgSchema } from "../../lib/db/adapters";
import { moveIntoPlace, refuseExisting, throughPartial } from "./files";

const run = promisify(execFile);

/** The schema a URL's data lives in: its `?schema=` or PostgreSQL's default. */
const schemaOf = (url: string) => pgSchema(url) ?? "public";

function toolEnvironment(url: string): NodeJS.ProcessEnv {
  const config = pgConfig(url);
  return {
    ...process.env,
    PGHOST: config.host,
    PGPORT: String(config.port),
    PGUSER: config.user,
    PGDATABASE: config.database,
    ...(config.password ? { PGPASSWORD: config.password } : {}),
    ...(new URL(url).searchParams.get("sslmode")
      ? { PGSSLMODE: new URL(url).searchParams.get("sslmode") ?? "" }
      : {}),
  };
}

/** Runs a client tool; says so plainly when it is not installed, and hands on what it printed when it fails. */
async function tool(name: "pg_dump" | "pg_restore", args: string[], url: string): Promise<string> {
  try {
    const { stdout } = await run(name, args, { env: toolEnvironment(url), maxBuffer: 64 * 1_048_576 });
    return stdout;
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === "ENOENT") {
      throw new Error(
        `${name} was not found on PATH: install PostgreSQL's client tools, of the server's major version or newer (Debian: apt-get install postgresql-client)`,
      );
    }
    throw new Error(`${name} failed: ${(failure.stderr || failure.message).trim()}`);
  }
}

/** A custom-format dump's table of contents, and the schemas whose tables it holds. */
async function contentsOf(file: string, url: string): Promise<{ listing: string; schemas: Set<string> }> {
  const listing = await tool("pg_restore", ["--list", file], url);
  // Entries read "<id>; <oid> <oid> TABLE <schema> <name> <owner>" (and "TABLE DATA …" for the rows).
  const tables = [...listing.matchAll(/^\d+; \d+ \d+ TABLE (\S+) (\S+) \S+$/gm)];
  if (!tables.some((table) => table[2] === "_prisma_migrations")) {
    throw new Error(`${file} holds no database of this product (no _prisma_migrations table)`);
  }
  return { listing, schemas: new Set(tables.map((table) => table[1] ?? "")) };
}

/**
 * The dump's contents without the schema itself (its CREATE and COMMENT): the restore makes the
 * schema if missing and --clean drops only what the dump holds, never the schema, which
 * `public` could not be (pg_trgm lives there).
 */
const withoutSchemaEntries = (listing: string) =>
  listing
    .split("\n")
    .filter((line) => !/^\d+; \d+ \d+ (SCHEMA - |COMMENT - SCHEMA )/.test(line))
    .join("\n");

export async function backupPostgres(url: string, destination: string): Promise<string> {
  refuseExisting(destination);
  const schema = schemaOf(url);
  return throughPartial(destination, async (partial) => {
    await tool(
      "pg_dump",
      ["--format=custom", "--no-password", `--schema=${schema}`, `--file=${partial}`],
      url,
    );
    await contentsOf(partial, url);
    moveIntoPlace(partial, destination);
    const size = (statSync(destination).size / 1_048_576).toFixed(1);
    return `Backed up schema "${schema}" of database "${pgConfig(url).database}" to ${destination} (${size} MiB, pg_dump custom format, contents listed).`;
  });
}

async function withClient<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client(pgConfig(url));
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

export async function restorePostgres(url: string, backup: string, force: boolean): Promise<string> {
  if (!existsSync(backup)) throw new Error(`${backup} does not exist`);
  const schema = schemaOf(url);
  const database = pgConfig(url).database;
  const { listing, schemas } = await contentsOf(backup, url);
  if (!schemas.has(schema) || schemas.size > 1) {
    throw new Error(
      `${backup} holds schema ${[...schemas].join(", ")}, and DATABASE_URL names schema "${schema}": restore into a URL with ?schema=${[...schemas][0]}`,
    );
  }
  const tables = await withClient(url, async (client) => {
    const { rows } = await client.query<{ n: string }>(
      "SELECT count(*) AS n FROM information_schema.tables WHERE table_schema = $1",
      [schema],
    );
    return Number(rows[0]?.n ?? 0);
  });
  if (tables > 0 && !force) {
    throw new Error(
      `schema "${schema}" of database "${database}" is not empty (${tables} tables). Restoring replaces it: stop every process that uses it and add --force`,
    );
  }
  await withClient(url, async (client) => {
    await client.query(`CREATE SCHEMA IF NOT EXISTS "${schema.replaceAll('"', '""')}"`);
    // A dump of one schema carries no extensions; the search index needs pg_trgm where its migration
    // puts it (prisma/postgres/migrations/20261124100000_channel_search_index).
    await client.query("CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public");
  });
  const folder = mkdtempSync(path.join(tmpdir(), "dcp-restore-"));
  try {
    const useList = path.join(folder, "contents.list");
    writeFileSync(useList, withoutSchemaEntries(listing));
    // --clean --if-exists drops each object of the dump that exists before creating it (a no-op on
    // an empty schema); one transaction, so a failure leaves the target as it was.
    await tool(
      "pg_restore",
      [
        "--no-password",
        "--single-transaction",
        "--exit-on-error",
        "--no-owner",
        "--clean",
        "--if-exists",
        `--use-list=${useList}`,
        `--dbname=${database}`,
        backup,
      ],
      url,
    );
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
  const replaced = tables > 0 ? ` (it replaced ${tables} tables)` : "";
  return `Restored ${backup} into schema "${schema}" of database "${database}"${replaced}.`;
}
