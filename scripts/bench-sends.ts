/**
 * The platform API's largest sends against the production server's heap: K concurrent
 * `POST /api/platform/v1/programs/{programId}/delivery-requests` of MAX_DELIVERIES rows each, the
 * channel having N delivery options. Per configuration a fresh server process is started exactly as
 * `npm start` starts its child (server/supervisor.ts SERVER_NODE_ARGS: the old-space and semi-space
 * caps), but without the supervisor, so that a heap exhaustion shows as the process's exit.
 *
 *   npx tsx scripts/bench-sends.ts [--db sqlite|postgres|sqlite,postgres] [--concurrent 1,4]
 *                                  [--options 1,50] [--spread] [--timeout 240] [--json out.json]
 *
 * --db          database kinds, each a fresh SQLite file (data/test/) or PostgreSQL schema of
 *               TEST_POSTGRES_URL (default postgresql://postgres@127.0.0.1:5432/test), dropped after
 * --concurrent  how many sends go at once, one configuration per value
 * --rows        deliveries a send, one configuration per value (default MAX_DELIVERIES)
 * --options     the channel's delivery options (1: a phone, as tests/api/platform/platform-large-sends.test.ts;
 *               up to MAX_DELIVERY_OPTIONS: the phone and short values for the others)
 * --spread      each concurrent send to a program and channel of its own (else all to one: they
 *               then queue on the program's spending lock, and on SQLite on its write lock anyway)
 * --timeout     seconds a send may take before it counts as timed out (default 240)
 * --json        also write the results to this file
 *
 * Each server first answers one send of 10 rows (a warm-up: its modules loaded, as in use). Reported
 * per configuration: each send's HTTP status and seconds, whether the server survived
 * (else its exit code or signal, and whether its log says it ran out of heap), its RSS before the
 * sends and its peak (/proc/<pid>/status VmHWM and VmRSS, read every 50 ms), and the slowest
 * /api/health answer (polled every 100 ms while the sends run). Linux only for the RSS columns.
 */

import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { MAX_DELIVERY_OPTIONS } from "../lib/contract/channel";
import { MAX_DELIVERIES } from "../lib/contract/delivery-limits";
import { SERVER_NODE_ARGS } from "../server/supervisor";
import { ROOT } from "./bench/paths";
import { pollHealth, sampleRss, send } from "./bench/sends-measure";
import { type ConfigResult, printTable } from "./bench/sends-report";
import {
  heapDuring,
  heapSettled,
  procMb,
  sleep,
  startServer,
  stopChild,
  stopServers,
} from "./bench/sends-server";
import { createWorld, sendBody, type World } from "./bench/sends-world";

/** After the last send answers: the server may still be collecting or writing its log. */
const SETTLE_MS = 1_500;

const { values: flags } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    concurrent: { type: "string", default: "1" },
    options: { type: "string", default: "1" },
    rows: { type: "string", default: String(MAX_DELIVERIES) },
    timeout: { type: "string", default: "240" },
    json: { type: "string" },
    spread: { type: "boolean", default: false },
  },
});

const list = (text: string) =>
  text
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
const kinds = list(flags.db) as ("sqlite" | "postgres")[];
for (const kind of kinds)
  if (kind !== "sqlite" && kind !== "postgres") throw new Error(`--db: sqlite or postgres, not ${kind}`);
const concurrencies = list(flags.concurrent).map(Number);
for (const k of concurrencies)
  if (!(Number.isInteger(k) && k >= 1 && k <= 16)) throw new Error(`--concurrent: 1 to 16, not ${k}`);
const optionCounts = list(flags.options).map(Number);
for (const n of optionCounts)
  if (!(n >= 1 && n <= MAX_DELIVERY_OPTIONS))
    throw new Error(`--options: 1 to ${MAX_DELIVERY_OPTIONS}, not ${n}`);
const rowCounts = list(flags.rows).map(Number);
for (const n of rowCounts)
  if (!(Number.isInteger(n) && n >= 1 && n <= MAX_DELIVERIES))
    throw new Error(`--rows: 1 to ${MAX_DELIVERIES}, not ${n}`);
const SEND_TIMEOUT_MS = Number(flags.timeout) * 1000;
const SPREAD = flags.spread;
process.env.TEST_POSTGRES_URL ??= "postgresql://postgres@127.0.0.1:5432/test";

const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-sends-"));

// ---------------------------------------------------------------------------------------------
// One configuration: K concurrent sends on a fresh server process.

async function runConfig(
  kind: string,
  databaseUrl: string,
  world: World,
  optionCount: number,
  concurrent: number,
  rows: number,
  label: string,
): Promise<ConfigResult> {
  const targets = world.targets.get(optionCount)!;
  const targetOf = (k: number) => targets[k % targets.length]!;
  const { programId, channelId } = targetOf(0);
  // Bodies first (distinct beneficiaries: an identical batch within 24 h would be a 409).
  const bodies = Array.from({ length: concurrent }, (_, k) =>
    sendBody(targetOf(k).channelId, optionCount, `${label}s${k}`, rows),
  );
  const bodyMb = +(Buffer.byteLength(bodies[0]!) / 1e6).toFixed(2);
  const server = await startServer(databaseUrl, label, scratch);
  const pid = server.child.pid!;
  let exited: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  void server.exit.then((value) => (exited = value));
  try {
    // A small send first, so the route's modules are loaded and compiled as on a server in use.
    const warm = await send(
      server.baseUrl,
      world.token,
      programId,
      sendBody(channelId, optionCount, `${label}w`, 10),
      SEND_TIMEOUT_MS,
    );
    if (warm.status !== 200) throw new Error(`the warm-up send failed: ${warm.status} ${warm.detail ?? ""}`);
    await sleep(500);
    const rssBeforeMb = Math.round(procMb(pid, "VmRSS") ?? 0);
    const logAtStart = statSync(server.logFile).size;
    const stopRss = sampleRss(pid);
    const stopHealth = pollHealth(server.baseUrl);
    const loadAverage = +os.loadavg()[0]!.toFixed(1);
    const started = performance.now();
    const sends = await Promise.all(
      bodies.map((body, k) =>
        send(server.baseUrl, world.token, targetOf(k).programId, body, SEND_TIMEOUT_MS),
      ),
    );
    await Promise.race([server.exit, sleep(SETTLE_MS)]);
    const health = await stopHealth();
    const peakRssMb = stopRss();
    const wallSeconds = +((performance.now() - started) / 1000).toFixed(1);
    const alive =
      !exited &&
      (await fetch(`${server.baseUrl}/api/health`, { signal: AbortSignal.timeout(30_000) }).then(
        (response) => response.status === 200,
        () => false,
      ));
    const heap = heapDuring(server.logFile, logAtStart);
    const heapBeforeMb = heapSettled(server.logFile, logAtStart);
    const log = readFileSync(server.logFile, "utf8");
    const outOfHeap = /heap out of memory|Reached heap limit/i.test(log);
    // A 5xx names its cause only in the server's log (level 50: error).
    const errors = log
      .split("\n")
      .filter((line) => line.startsWith("{") && /"level":(50|60)/.test(line))
      .map((line) => {
        const entry = JSON.parse(line);
        const cause = String(entry.err?.message ?? "").split("\n")[0];
        return (cause ? `${entry.msg}: ${cause}` : entry.msg).slice(0, 240);
      });
    for (const result of sends)
      if (typeof result.status === "number" && result.status >= 500)
        result.detail = `${result.detail ?? ""} — log: ${errors.join(" | ") || "nothing"}`;
    const exit = exited ? (exited.signal ?? `code ${exited.code}`) : alive ? undefined : "unresponsive";
    return {
      db: SPREAD ? `${kind} (spread)` : kind,
      options: optionCount,
      concurrent,
      rows,
      bodyMb,
      sends,
      survived: alive,
      exit,
      outOfHeap,
      rssBeforeMb,
      peakRssMb,
      heapBeforeMb,
      peakHeapMb: heap.peakMb,
      peakLiveHeapMb: heap.liveMb,
      worstHealthMs: health.worst,
      healthPolls: health.polls,
      healthFailures: health.failures,
      wallSeconds,
      loadAverage,
    };
  } finally {
    await stopChild(server.child);
  }
}

// ---------------------------------------------------------------------------------------------

async function main() {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error("No production build (.next/BUILD_ID): run `npx next build` first.");
  }
  console.log(
    `bench-sends: ${MAX_DELIVERIES.toLocaleString("en")} deliveries a send; server flags ${SERVER_NODE_ARGS.join(" ")}; ` +
      `Node ${process.version}, ${os.cpus().length} CPUs; logs in ${scratch}`,
  );
  const results: ConfigResult[] = [];
  const { createTestDatabase } = await import("../tests/support/server/test-server");
  for (const kind of kinds) {
    const database = await createTestDatabase(kind);
    dropCurrent = database.drop;
    try {
      console.log(`▶ ${kind}: migrating and creating the program, channels and token`);
      const world = await createWorld(database.url, optionCounts, SPREAD ? Math.max(...concurrencies) : 1);
      for (const optionCount of optionCounts) {
        for (const concurrent of concurrencies)
          for (const rows of rowCounts) {
            const label = `${kind}-o${optionCount}-k${concurrent}-r${rows}`;
            console.log(`▶ ${label}`);
            const result = await runConfig(kind, database.url, world, optionCount, concurrent, rows, label);
            results.push(result);
            console.log(
              `  ${result.sends.map((s) => `${s.status} in ${s.seconds}s`).join(", ")}; ` +
                `${result.survived ? "survived" : `DIED (${result.exit}${result.outOfHeap ? ", heap out of memory" : ""})`}; ` +
                `peak RSS ${result.peakRssMb} MB; heap ${result.heapBeforeMb} → peak ${result.peakHeapMb} MB (live ${result.peakLiveHeapMb});  worst /api/health ${result.worstHealthMs} ms`,
            );
          }
      }
    } finally {
      dropCurrent = undefined;
      await database.drop();
    }
  }
  console.log("");
  printTable(results);
  if (flags.json) writeFileSync(flags.json, `${JSON.stringify(results, null, 2)}\n`);
  return results.every((result) => result.survived && result.sends.every((send) => send.status === 200));
}

/** The database of the kind in progress, for an interruption to drop. */
let dropCurrent: (() => Promise<void>) | undefined;

let interrupted = false;
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    interrupted = true;
    console.error(`\n${signal}: stopping the server (the database of this run may be left behind)`);
    stopServers(2_000)
      .then(() => dropCurrent?.())
      .catch((error) => console.error(error))
      .finally(() => process.exit(130));
  });
}

main()
  .then((allSurvived) => {
    // The logs of a server that died or failed a send stay for reading.
    if (allSurvived) rmSync(scratch, { recursive: true, force: true });
    else console.log(`server logs (kept: a server died or a send failed): ${scratch}`);
    process.exit(0);
  })
  .catch(async (error) => {
    if (!interrupted) console.error(error);
    await stopServers(2_000);
    console.error(`server logs kept in ${scratch}`);
    process.exit(1);
  });
