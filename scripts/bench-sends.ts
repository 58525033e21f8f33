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
 * --options     the channel's delivery options (1: a phone, as tests/api/platform-large-sends.test.ts;
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

import { type ChildProcess, spawn } from "node:child_process";
import { closeSync, existsSync, mkdtempSync, openSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { MAX_DELIVERY_OPTIONS } from "../lib/contract/channel";
import { MAX_DELIVERIES } from "../lib/contract/delivery-limits";
import { SERVER_NODE_ARGS } from "../server/supervisor";
import { PHONE_OPTION } from "../tests/support/money-setup";
import { freePort } from "../tests/support/test-server";

const ROOT = path.resolve(import.meta.dirname, "..");
const HEALTH_EVERY_MS = 100;
const RSS_EVERY_MS = 50;
/** After the last send answers: the server may still be collecting or writing its log. */
const SETTLE_MS = 1_500;

const { values: flags } = parseArgs({
  options: {
    db: { type: "string", default: "sqlite" },
    concurrent: { type: "string", default: "1" },
    options: { type: "string", default: "1" },
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
const SEND_TIMEOUT_MS = Number(flags.timeout) * 1000;
const SPREAD = flags.spread;
process.env.TEST_POSTGRES_URL ??= "postgresql://postgres@127.0.0.1:5432/test";

const scratch = mkdtempSync(path.join(os.tmpdir(), "bench-sends-"));

// ---------------------------------------------------------------------------------------------
// Child processes: the server under test, always stopped on the way out.

const children = new Set<ChildProcess>();

function stopChild(child: ChildProcess, graceMs = 5_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
    child.once("exit", () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

process.on("exit", () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
});

/** A field of /proc/<pid>/status in MB; undefined once the process is gone (or off Linux). */
function procMb(pid: number, field: "VmRSS" | "VmHWM"): number | undefined {
  try {
    const match = readFileSync(`/proc/${pid}/status`, "utf8").match(
      new RegExp(`^${field}:\\s+(\\d+) kB`, "m"),
    );
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

interface Server {
  child: ChildProcess;
  baseUrl: string;
  logFile: string;
  exit: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** server/index.ts with the flags of `npm start`'s child, on a free port, once /api/health answers. */
async function startServer(databaseUrl: string, label: string): Promise<Server> {
  const port = await freePort();
  const logFile = path.join(scratch, `server-${label}.log`);
  const out = openSync(logFile, "w");
  const child = spawn(process.execPath, SERVER_NODE_ARGS, {
    cwd: ROOT,
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      NODE_ENV: "production",
      NEXT_TELEMETRY_DISABLED: "1",
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: "warn",
    },
  });
  closeSync(out);
  children.add(child);
  const exit = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => {
      children.delete(child);
      resolve({ code, signal });
    }),
  );
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`the server exited at start:\n${tail(logFile)}`);
    const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.status === 200,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) {
      await stopChild(child);
      throw new Error(`the server was not healthy after 120 s:\n${tail(logFile)}`);
    }
    await sleep(200);
  }
  return { child, baseUrl, logFile, exit };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const tail = (file: string, lines = 15) => readFileSync(file, "utf8").split("\n").slice(-lines).join("\n");

// ---------------------------------------------------------------------------------------------
// The world: a program manager's platform token, and per option count an approved ONLINE channel
// serving a program (tests/support: the domain's own write paths).

const channelOptions = (count: number) => [
  PHONE_OPTION,
  ...Array.from({ length: count - 1 }, (_, k) => ({
    fieldLabel: `Option ${k + 1}`,
    fieldName: `o${k + 1}`,
    dataType: "STRING",
    isRequired: false,
    fieldMaxLength: 20,
  })),
];

interface Target {
  programId: string;
  channelId: string;
}

interface World {
  token: string;
  /** Per option count: the program and channel every send goes to, or (--spread) one per send. */
  targets: Map<number, Target[]>;
}

async function createWorld(databaseUrl: string): Promise<World> {
  process.env.DATABASE_URL = databaseUrl;
  const { applyMigrations } = await import("../server/migrate");
  await applyMigrations(ROOT);
  const { servingChannel } = await import("../tests/support/money-setup");
  const { platformUser } = await import("../tests/support/platform-api");
  const manager = await platformUser(["program_manager"]);
  const targets = new Map<number, Target[]>();
  const perCount = SPREAD ? Math.max(...concurrencies) : 1;
  for (const count of optionCounts) {
    const list: Target[] = [];
    for (let k = 0; k < perCount; k++) {
      const setup = await servingChannel(undefined, "EUR", 1e12, channelOptions(count) as never);
      list.push({ programId: setup.programId, channelId: setup.channelId });
    }
    targets.set(count, list);
  }
  const { disconnectDb } = await import("../lib/db");
  await disconnectDb();
  return { token: manager.token, targets };
}

/** MAX_DELIVERIES rows as tests/api/platform-large-sends.test.ts sends them, plus the other options. */
function sendBody(channelId: string, optionCount: number, tag: string, rows = MAX_DELIVERIES): string {
  const deliveries = Array.from({ length: rows }, (_, n) => {
    const options: Record<string, string> = { phone: `+359888${String(n).padStart(6, "0")}` };
    for (let k = 1; k < optionCount; k++) options[`o${k}`] = String((n + k) % 10_000).padStart(4, "0");
    return { beneficiaryId: `${tag}-${n}-`.padEnd(12, "x"), amount: 1 + (n % 50), options };
  });
  return JSON.stringify({ channelId, description: `Bench send ${tag}`, deliveries });
}

// ---------------------------------------------------------------------------------------------
// One configuration: K concurrent sends on a fresh server process.

interface SendResult {
  status: number | string;
  seconds: number;
  detail?: string;
}

interface ConfigResult {
  db: string;
  options: number;
  concurrent: number;
  bodyMb: number;
  sends: SendResult[];
  survived: boolean;
  exit?: string;
  outOfHeap: boolean;
  rssBeforeMb: number;
  peakRssMb: number;
  worstHealthMs: number;
  healthPolls: number;
  healthFailures: number;
  wallSeconds: number;
  /** The machine's 1-minute load average when the sends began: other work skews the times. */
  loadAverage: number;
}

async function send(baseUrl: string, token: string, programId: string, body: string): Promise<SendResult> {
  const started = performance.now();
  const seconds = () => +((performance.now() - started) / 1000).toFixed(2);
  try {
    const response = await fetch(`${baseUrl}/api/platform/v1/programs/${programId}/delivery-requests`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body,
      signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
    });
    const text = await response.text();
    let detail: string | undefined;
    if (response.status !== 200) {
      try {
        const { title, type, detail: said } = JSON.parse(text).error ?? {};
        detail = [title, type, said].filter(Boolean).join(" · ").slice(0, 200);
      } catch {
        detail = text.slice(0, 200);
      }
    }
    return { status: response.status, seconds: seconds(), detail };
  } catch (error) {
    const name = (error as Error).name;
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return { status: name === "TimeoutError" ? "timeout" : (cause ?? "error"), seconds: seconds() };
  }
}

/** Polls /api/health back to back, one every HEALTH_EVERY_MS at most; the slowest answer (or wait). */
function pollHealth(baseUrl: string) {
  let stopped = false;
  let worst = 0;
  let polls = 0;
  let failures = 0;
  let inFlightSince: number | undefined;
  const loop = (async () => {
    while (!stopped) {
      const started = performance.now();
      inFlightSince = started;
      const ok = await fetch(`${baseUrl}/api/health`, { signal: AbortSignal.timeout(60_000) }).then(
        async (response) => {
          await response.arrayBuffer();
          return response.status === 200;
        },
        () => false,
      );
      inFlightSince = undefined;
      const elapsed = performance.now() - started;
      polls++;
      // A poll that failed (the server died under it) waited too: its wait counts.
      if (!ok) failures++;
      worst = Math.max(worst, elapsed);
      await sleep(Math.max(0, HEALTH_EVERY_MS - elapsed));
    }
  })();
  return async () => {
    // A poll still waiting when the sends end counts with what it has waited so far.
    if (inFlightSince !== undefined) worst = Math.max(worst, performance.now() - inFlightSince);
    stopped = true;
    const result = { worst: Math.round(worst), polls, failures };
    await Promise.race([loop, sleep(200)]);
    return result;
  };
}

/** VmHWM (the kernel's own peak) and VmRSS every RSS_EVERY_MS while the process lives. */
function sampleRss(pid: number) {
  let peak = 0;
  const read = () => {
    peak = Math.max(peak, procMb(pid, "VmHWM") ?? 0, procMb(pid, "VmRSS") ?? 0);
  };
  read();
  const timer = setInterval(read, RSS_EVERY_MS);
  return () => {
    read();
    clearInterval(timer);
    return Math.round(peak);
  };
}

async function runConfig(
  kind: string,
  databaseUrl: string,
  world: World,
  optionCount: number,
  concurrent: number,
  label: string,
): Promise<ConfigResult> {
  const targets = world.targets.get(optionCount)!;
  const targetOf = (k: number) => targets[k % targets.length]!;
  const { programId, channelId } = targetOf(0);
  // Bodies first (distinct beneficiaries: an identical batch within 24 h would be a 409).
  const bodies = Array.from({ length: concurrent }, (_, k) =>
    sendBody(targetOf(k).channelId, optionCount, `${label}s${k}`),
  );
  const bodyMb = +(Buffer.byteLength(bodies[0]!) / 1e6).toFixed(2);
  const server = await startServer(databaseUrl, label);
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
    );
    if (warm.status !== 200) throw new Error(`the warm-up send failed: ${warm.status} ${warm.detail ?? ""}`);
    await sleep(500);
    const rssBeforeMb = Math.round(procMb(pid, "VmRSS") ?? 0);
    const stopRss = sampleRss(pid);
    const stopHealth = pollHealth(server.baseUrl);
    const loadAverage = +os.loadavg()[0]!.toFixed(1);
    const started = performance.now();
    const sends = await Promise.all(
      bodies.map((body, k) => send(server.baseUrl, world.token, targetOf(k).programId, body)),
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
      bodyMb,
      sends,
      survived: alive,
      exit,
      outOfHeap,
      rssBeforeMb,
      peakRssMb,
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

function printTable(results: ConfigResult[]) {
  const header = [
    "db",
    "opts",
    "K",
    "body MB",
    "sends (status/s)",
    "survived",
    "RSS before",
    "peak RSS",
    "worst health",
    "wall s",
    "load",
  ];
  const rows = results.map((r) => [
    r.db,
    String(r.options),
    String(r.concurrent),
    r.bodyMb.toFixed(2),
    r.sends.map((s) => `${s.status}/${s.seconds.toFixed(1)}`).join(" "),
    r.survived ? "yes" : `NO (${r.exit}${r.outOfHeap ? ", heap OOM" : ""})`,
    `${r.rssBeforeMb} MB`,
    `${r.peakRssMb} MB`,
    `${r.worstHealthMs} ms${r.healthFailures ? ` (${r.healthFailures} failed)` : ""}`,
    r.wallSeconds.toFixed(1),
    String(r.loadAverage),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(" | ")} |`;
  console.log(line(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const row of rows) console.log(line(row));
  for (const r of results)
    for (const [k, s] of r.sends.entries())
      if (s.detail) console.log(`  ${r.db} opts=${r.options} K=${r.concurrent} send ${k}: ${s.detail}`);
}

async function main() {
  if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
    throw new Error("No production build (.next/BUILD_ID): run `npx next build` first.");
  }
  console.log(
    `bench-sends: ${MAX_DELIVERIES.toLocaleString("en")} deliveries a send; server flags ${SERVER_NODE_ARGS.join(" ")}; ` +
      `Node ${process.version}, ${os.cpus().length} CPUs; logs in ${scratch}`,
  );
  const results: ConfigResult[] = [];
  const { createTestDatabase } = await import("../tests/support/test-server");
  for (const kind of kinds) {
    const database = await createTestDatabase(kind);
    dropCurrent = database.drop;
    try {
      console.log(`▶ ${kind}: migrating and creating the program, channels and token`);
      const world = await createWorld(database.url);
      for (const optionCount of optionCounts) {
        for (const concurrent of concurrencies) {
          const label = `${kind}-o${optionCount}-k${concurrent}`;
          console.log(`▶ ${label}`);
          const result = await runConfig(kind, database.url, world, optionCount, concurrent, label);
          results.push(result);
          console.log(
            `  ${result.sends.map((s) => `${s.status} in ${s.seconds}s`).join(", ")}; ` +
              `${result.survived ? "survived" : `DIED (${result.exit}${result.outOfHeap ? ", heap out of memory" : ""})`}; ` +
              `peak RSS ${result.peakRssMb} MB; worst /api/health ${result.worstHealthMs} ms`,
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
    Promise.all([...children].map((child) => stopChild(child, 2_000)))
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
    await Promise.all([...children].map((child) => stopChild(child, 2_000)));
    console.error(`server logs kept in ${scratch}`);
    process.exit(1);
  });
