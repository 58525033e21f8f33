/**
 * bench:scale's command line and database. Imported first by scripts/bench-scale.ts: it sets
 * DATABASE_URL before any lib/ module reads it, so the seeding code (which uses the product's own
 * write paths) and the server under test work on the same fresh database.
 *
 * SQLite (default): data/bench-scale/scale.db, deleted first. PostgreSQL when DATABASE_URL is a
 * postgres URL: a fresh schema `bench_scale_<time>` in that database, never anything else.
 */
import { rmSync } from "node:fs";
import path from "node:path";
import { parseArgs } from "node:util";
import { benchDatabase } from "../bench-database";
import { ARTIFACTS, ROOT } from "../paths";
import { serverOptions } from "../servers";

export { ARTIFACTS, ROOT };

const { values } = parseArgs({
  options: {
    channels: { type: "string", default: "1000,100000" },
    deliveries: { type: "string", default: "0,10000" },
    runs: { type: "string", default: "5" },
    build: { type: "boolean", default: false },
    keep: { type: "boolean", default: false },
  },
});

function sizes(flag: "channels" | "deliveries"): number[] {
  const list = (values[flag] ?? "").split(",").map((word) => Number(word.trim().replaceAll("_", "")));
  if (list.length === 0 || list.some((n) => !Number.isInteger(n) || n < 0)) {
    throw new Error(`--${flag}: a comma-separated list of whole numbers, got "${values[flag]}"`);
  }
  return list;
}

export interface Step {
  channels: number;
  deliveries: number;
}

/** The sizes measured, smallest first: --channels and --deliveries paired in order, the shorter list's last value repeated. */
function steps(): Step[] {
  const channels = sizes("channels");
  const deliveries = sizes("deliveries");
  const count = Math.max(channels.length, deliveries.length);
  const list = Array.from({ length: count }, (_, i) => ({
    channels: channels[Math.min(i, channels.length - 1)] ?? 0,
    deliveries: deliveries[Math.min(i, deliveries.length - 1)] ?? 0,
  }));
  for (let i = 1; i < list.length; i++) {
    const [before, now] = [list[i - 1]!, list[i]!];
    if (now.channels < before.channels || now.deliveries < before.deliveries)
      throw new Error("--channels and --deliveries must grow: the database is grown, never shrunk");
  }
  if ((list[0]?.channels ?? 0) < 1) throw new Error("--channels: at least 1 channel");
  return list;
}

export const STEPS = steps();
export const RUNS = Math.max(1, Number(values.runs) || 5);
/** --keep: leave the database (file or schema) in place after the run, to look at it. */
export const KEEP = Boolean(values.keep);

const SCALE_DIR = path.join(ROOT, "data", "bench-scale");
export const DATABASE = benchDatabase(path.join(SCALE_DIR, "scale.db"), "bench_scale");
export const { kind: DB_KIND, url: DATABASE_URL, label: DB_LABEL } = DATABASE;

process.env.DATABASE_URL = DATABASE_URL;
process.env.LOG_LEVEL ??= "warn";
Object.assign(serverOptions, { build: values.build, databaseUrl: DATABASE_URL, logDir: SCALE_DIR });

/** A fresh SQLite file (PostgreSQL: the schema is new by its name). */
export function freshDatabase(): void {
  rmSync(SCALE_DIR, { recursive: true, force: true });
}
export { SCALE_DIR };
