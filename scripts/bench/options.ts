/** The bench's command line, paths and targets (see scripts/bench.ts for the flags). */
import path from "node:path";
import { parseArgs } from "node:util";
import { benchDatabase } from "./bench-database";
import { BENCH_DIR } from "./paths";
import { serverOptions } from "./servers";

export { ARTIFACTS, BENCH_DIR, PROFILE_CONTROL, PROFILE_DIR, ROOT } from "./paths";

export type EndpointName = "lookups" | "view" | "create";
export const ENDPOINTS: EndpointName[] = ["lookups", "view", "create"];
/** SQLite (data/bench/bench.db), or with DATABASE_URL=postgresql://… a schema of its own, dropped after. */
export const DATABASE = benchDatabase(path.join(BENCH_DIR, "bench.db"), "bench_api");
/** Share of the baseline's requests/s each endpoint must reach on each database (issue 16). */
export const RATIO_TARGETS: Record<EndpointName, number> =
  DATABASE.kind === "postgres"
    ? { lookups: 0.6, view: 0.35, create: 0.2 }
    : { lookups: 0.6, view: 0.45, create: 0.25 };
export const P99_TARGET_MS = 25;
export const RSS_TARGET_MB = 400;

export const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "32" },
    build: { type: "boolean", default: false },
    only: { type: "string" },
    "no-info": { type: "boolean", default: false },
    "no-metrics": { type: "boolean", default: false },
    "no-traces": { type: "boolean", default: false },
    "no-guards": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    strict: { type: "boolean", default: false },
  },
});
// The servers under test follow these flags (servers.ts is shared with bench:scale, which has its own).
serverOptions.build = args.build;
serverOptions.databaseUrl = DATABASE.url;
serverOptions.profile = args.profile;
export const DURATION = Number(args.duration);
export const WARMUP = Number(args.warmup);
export const CONNECTIONS = Number(args.connections);
export const SELECTED = (args.only?.split(",").map((name) => name.trim()) ?? ENDPOINTS) as EndpointName[];
for (const name of SELECTED) {
  if (!ENDPOINTS.includes(name))
    throw new Error(`--only: unknown endpoint "${name}" (${ENDPOINTS.join(", ")})`);
}
if (!(DURATION > 0 && WARMUP >= 0 && CONNECTIONS > 0)) throw new Error("--duration, --warmup, --connections");

export const round = (value: number, digits = 2) => +value.toFixed(digits);
