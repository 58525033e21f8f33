/**
 * `npm run bench:scale`: how the pages and endpoints' server time grows with the data. Seeds a fresh
 * database through the product's own write paths (scripts/bench/scale/), grows it size by size,
 * and at each size starts the production server (as `npm run bench` does), signs in and times every
 * list and detail page of the provider portal and the admin console, the provider API and the
 * platform API's lists.
 *
 *   npm run bench:scale -- [--channels 1000,100000] [--deliveries 0,10000] [--runs 5] [--build] [--keep]
 *
 * --channels    the provider's channel counts, smallest first (a few other providers hold 150 more)
 * --deliveries  the program's delivery counts at each size (paired with --channels in order)
 * --runs        timed requests per target after one warm-up (median and max are reported)
 * --build       run `next build` even if .next/BUILD_ID exists
 * --keep        keep the database afterwards (data/bench-scale/scale.db, or the PostgreSQL schema)
 *
 * SQLite by default; with DATABASE_URL=postgresql://… a fresh schema bench_scale_<time> of that
 * database, dropped at the end unless --keep. Tables per size and a comparison are printed; the
 * results go to artifacts/bench-scale-<sqlite|postgres>.json.
 */

import { mkdirSync } from "node:fs";
import os from "node:os";
import { dropSchema } from "./bench/bench-database";
import { stopAllChildren, stopChild, wasInterrupted } from "./bench/children";
import { measureAll } from "./bench/scale/scale-measure";
import {
  DATABASE,
  DB_KIND,
  DB_LABEL,
  freshDatabase,
  KEEP,
  RUNS,
  SCALE_DIR,
  STEPS,
} from "./bench/scale/scale-options";
import { printComparison, printSize, type SizeResult, writeReport } from "./bench/scale/scale-report";
import { openRaw, type Raw } from "./bench/scale/scale-sql";
import { targets } from "./bench/scale/scale-targets";
import { statementUploads } from "./bench/scale/scale-upload";
import { closeWorld, createWorld, grow, type World } from "./bench/scale/scale-world";
import { deliveryWrites } from "./bench/scale/scale-writes";
import { ensureBuild, startServer } from "./bench/servers";

/**
 * startServer, tried three times: on a shared PostgreSQL the server's migration step may time out
 * waiting for Prisma's advisory lock while another process migrates another schema.
 */
async function startServerRetrying(label: string): ReturnType<typeof startServer> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await startServer("warn", attempt === 1 ? label : `${label}-try${attempt}`);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`  the server did not start (${(error as Error).message}); trying again`);
    }
  }
}

/**
 * VACUUM ANALYZE of the bench schema's tables only (the database may hold other schemas): what
 * autovacuum does to a table after bulk inserts (since PostgreSQL 13 inserts alone trigger it), so
 * the planner has statistics and index-only scans find their pages marked all-visible.
 */
async function vacuumSchema(raw: Raw) {
  const tables = await raw.all<{ name: string }>(
    "SELECT tablename AS name FROM pg_tables WHERE schemaname = current_schema()",
  );
  for (const { name } of tables) await raw.run(`VACUUM (ANALYZE) "${name}"`);
}

async function measureSize(raw: Raw, world: World, index: number): Promise<SizeResult> {
  const step = STEPS[index]!;
  console.error(
    `▶ growing to ${step.channels.toLocaleString("en-US")} channels, ${step.deliveries.toLocaleString("en-US")} deliveries`,
  );
  const started = performance.now();
  const rates = await grow(raw, world, step.channels, step.deliveries);
  // PostgreSQL's autovacuum vacuums and analyzes a table after bulk writes like these, but only after
  // its naptime: measure the steady state, not the minute after a bulk load. SQLite is measured as
  // shipped (it never analyzes by itself; its migrations seed the statistics of the lists' indexes).
  if (DB_KIND === "postgres") await vacuumSchema(raw);
  const seconds = (performance.now() - started) / 1000;
  // The writes last: they add deliveries and change outcomes, which the reads should not see mid-run.
  const list = [
    ...(await targets(world)),
    ...(await deliveryWrites(world)),
    ...(await statementUploads(world, RUNS)),
  ];
  console.error("▶ production server");
  const label = `size-${index}`;
  let server = await startServerRetrying(label);
  let restarts = 0;
  const live = {
    base: () => `http://127.0.0.1:${server.port}`,
    async revive() {
      const healthy = await fetch(`${live.base()}/api/health`, { signal: AbortSignal.timeout(5_000) }).then(
        (response) => response.ok,
        () => false,
      );
      if (healthy) return;
      console.error(`  the server died (see ${server.logFile}); starting it again`);
      await stopChild(server.child);
      server = await startServerRetrying(`${label}-${++restarts}`);
    },
  };
  try {
    const timings = await measureAll(live, world, list, RUNS);
    return { ...step, seed: { ...rates, seconds }, timings };
  } finally {
    await stopChild(server.child);
  }
}

/** The PostgreSQL schema of this run, unless --keep (SQLite: the file is left under data/ only with --keep). */
async function dropDatabase(): Promise<void> {
  if (KEEP) return console.error(`kept the database: ${DB_LABEL}`);
  if (DB_KIND === "sqlite") return freshDatabase();
  await dropSchema(DATABASE);
}

async function main() {
  console.log(
    `bench:scale on ${DB_KIND} (${DB_LABEL}); ${os.cpus().length} CPUs, Node ${process.version}; ` +
      `sizes ${STEPS.map((s) => `${s.channels}/${s.deliveries}`).join(", ")} (channels/deliveries)`,
  );
  await ensureBuild();
  freshDatabase();
  mkdirSync(SCALE_DIR, { recursive: true });
  const raw = openRaw();
  const results: SizeResult[] = [];
  try {
    const world = await createWorld(raw);
    for (let index = 0; index < STEPS.length; index++) {
      const result = await measureSize(raw, world, index);
      printSize(result);
      results.push(result);
    }
  } finally {
    await closeWorld(raw);
    if (results.length > 0) {
      printComparison(results);
      console.log(`Wrote ${writeReport(results)}`);
    }
    await dropDatabase();
  }
}

main()
  .catch((error: unknown) => {
    if (wasInterrupted()) return;
    console.error(
      `✖ bench:scale failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  })
  .finally(() => stopAllChildren());
