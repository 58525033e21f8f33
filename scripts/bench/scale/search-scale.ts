/**
 * Issue 16: the portal's channel search at scale, before and after the trigram index. Fills a scratch
 * database with ROWS channels of one provider (raw SQL, no index yet), times the migration that adds
 * the index, then the list's two queries (the count and the first page) for the old where
 * (`searchText LIKE '%term%'`) and the new one (lib/domain/channels/search.ts), median of 5.
 *
 *   npx tsx scripts/bench/scale/search-scale.ts file:/tmp/search-bench.db
 *   npx tsx scripts/bench/scale/search-scale.ts 'postgresql://postgres@127.0.0.1:5432/test?schema=search_bench'
 *
 * The database is dropped and made again: point it at a scratch file or schema only.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, rmSync } from "node:fs";
import path from "node:path";

const url = process.argv[2] ?? "file:/tmp/search-bench.db";
const ROWS = Number(process.argv[3] ?? 1_000_000);
const MIGRATION = "20261124100000_channel_search_index";
const ROOT = path.resolve(import.meta.dirname, "../..");
const kind = url.startsWith("file:") ? "sqlite" : "postgres";
process.env.DATABASE_URL = url;

/** Rare: 1 row in 10,000. Medium: 1 in 1,000 (at the id limit) and 11 in 1,000. Common: every row. */
const TERMS = ["rare kiosk", "ops7@", "ops42", "cash pickup", "zz", "_"];

/** Every row's search text: its id, words every row shares, and the rare and medium words. */
const TEXT_SQL = `'bench-' || i || char(10) || 'channel ' || i || ' cash pickup' || char(10) ||
  (CASE WHEN i % 10000 = 0 THEN 'rare kiosk' ELSE 'agent' END) || char(10) || 'ops' || (i % 1000) || '@example.org'`;

async function resetDatabase() {
  if (kind === "sqlite") {
    const file = url.slice("file:".length);
    for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
  } else {
    const schema = new URL(url).searchParams.get("schema");
    if (!schema) throw new Error("give the PostgreSQL URL a ?schema= of its own");
    const base = new URL(url);
    base.searchParams.delete("schema");
    execFileSync("psql", [
      base.toString(),
      "-qc",
      `DROP SCHEMA IF EXISTS "${schema}" CASCADE; CREATE SCHEMA "${schema}"`,
    ]);
  }
  execFileSync(
    process.execPath,
    [path.join(ROOT, "node_modules/prisma/build/index.js"), "migrate", "deploy"],
    {
      cwd: ROOT,
      env: { ...process.env, PRISMA_HIDE_UPDATE_MESSAGE: "1" },
      stdio: "pipe",
    },
  );
}

const { db, disconnectDb } = await import("../../../lib/db");
const { searchFilter } = await import("../../../lib/domain/channels");
const exec = (sql: string) => db().$executeRawUnsafe(sql);

/** Back to the schema before the migration: the bench times the migration on the filled table. */
async function undoMigration() {
  if (kind === "sqlite") {
    for (const trigger of ["insert", "delete", "update"])
      await exec(`DROP TRIGGER "Channel_search_${trigger}"`);
    await exec(`DROP TABLE "ChannelSearch"`);
  } else await exec(`DROP INDEX "Channel_searchText_trgm_idx"`);
}

async function fill(providerId: string, from: number, count: number) {
  const series =
    kind === "sqlite"
      ? `WITH RECURSIVE n(i) AS (SELECT ${from} UNION ALL SELECT i + 1 FROM n WHERE i < ${from + count - 1}) `
      : "";
  const source = kind === "sqlite" ? "FROM n" : `FROM generate_series(${from}, ${from + count - 1}) AS i`;
  const updatedAt =
    kind === "sqlite"
      ? `strftime('%Y-%m-%dT%H:%M:%S.000+00:00', 1767225600 + i, 'unixepoch')`
      : "to_timestamp(1767225600 + i)";
  const text = kind === "sqlite" ? TEXT_SQL : TEXT_SQL.replaceAll("char(10)", "chr(10)");
  await exec(`${series}INSERT INTO "Channel" ("id", "providerId", "providerDeliveryChannelId", "requestedContent",
      "updatedAt", "availabilityTags", "searchText")
    SELECT 'bench-' || i, '${providerId}', 'bench-' || i, '{}', ${updatedAt}, ',', ${text} ${source}`);
}

async function timed<T>(work: () => Promise<T>): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

async function median(work: () => Promise<unknown>): Promise<number> {
  await work();
  const runs: number[] = [];
  for (let i = 0; i < 5; i += 1) runs.push(await timed(work));
  return runs.sort((a, b) => a - b)[2] as number;
}

/** What listProviderChannels asks for page 1: the where, the count and the first 20 rows. */
const listQuery = (providerId: string, where: () => Promise<object>) => async () => {
  const filter = { providerId, ...(await where()) };
  const [total] = await Promise.all([
    db().channel.count({ where: filter }),
    db().channel.findMany({
      where: filter,
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      take: 20,
      select: { id: true },
    }),
  ]);
  return total;
};

async function migrate() {
  const script = readFileSync(
    path.join(ROOT, "prisma", kind, "migrations", MIGRATION, "migration.sql"),
    "utf8",
  );
  if (kind === "postgres") {
    // As Prisma's runner does: one statement at a time.
    for (const statement of script.split(";"))
      if (statement.replace(/--.*$/gm, "").trim()) await exec(statement);
    return;
  }
  const { default: Database } = await import("libsql");
  const connection = new Database(url.slice("file:".length));
  connection.exec(script);
  connection.close();
}

/** The old where (a LIKE over the provider's rows) before the index exists, the new one after. */
async function main() {
  await resetDatabase();
  await undoMigration();
  const providerId = (await db().provider.create({ data: { name: "Bench" } })).id;
  console.log(`${kind}: fill ${ROWS} rows`, Math.round(await timed(() => fill(providerId, 0, ROWS))), "ms");
  if (kind === "postgres") await exec(`VACUUM ANALYZE "Channel"`);
  const old = new Map<string, number>();
  for (const term of TERMS)
    old.set(term, await median(listQuery(providerId, async () => ({ searchText: { contains: term } }))));
  console.log(
    "insert 20,000 rows before",
    Math.round(await timed(() => fill(providerId, ROWS, 20_000))),
    "ms",
  );
  console.log("migration", Math.round(await timed(migrate)), "ms");
  if (kind === "postgres") await exec(`VACUUM ANALYZE "Channel"`);
  console.log(
    "insert 20,000 rows after",
    Math.round(await timed(() => fill(providerId, ROWS + 20_000, 20_000))),
    "ms",
  );
  for (const term of TERMS) {
    const total = await listQuery(providerId, async () => (await searchFilter(providerId, term)).where)();
    const now = await median(listQuery(providerId, async () => (await searchFilter(providerId, term)).where));
    // SQLite's LIKE never reads the FTS table: timed again after the new query, under the same load.
    const like = listQuery(providerId, async () => ({ searchText: { contains: term } }));
    const again = kind === "sqlite" ? `, old again ${(await median(like)).toFixed(1)} ms` : "";
    console.log(
      `${JSON.stringify(term)} (${total} rows): old ${old.get(term)?.toFixed(1)} ms, new ${now.toFixed(1)} ms${again}`,
    );
  }
  await disconnectDb();
}

await main();
