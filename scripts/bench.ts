/**
 * `npm run bench`: throughput and latency of the provider API's production server on SQLite, against
 * a bare node:http baseline measured in the same run on the same machine (DESIGN.md "Performance").
 *
 *   npm run bench -- [--duration 10] [--warmup 2] [--connections 32] [--build] [--only lookups,view]
 *                    [--no-info] [--profile] [--strict]
 *
 * --build     run `next build` even if .next/BUILD_ID exists (it runs anyway when it is missing)
 * --only      endpoints to measure (lookups, view, create); the baseline always runs
 * --no-info   skip the extra lookups run at LOG_LEVEL=info (the cost of one log line per request)
 * --profile   CPU-profile the server during each measured run (not the warm-up, not startup): the
 *             .cpuprofile files go to artifacts/cpu-prof/ and a summary is printed. Profiling slows
 *             the server, so the figures of such a run are not the bench's figures.
 * --strict    exit 1 when a target is missed
 *
 * Results are printed as a table and written to artifacts/bench.json.
 */
import { execFile, spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import {
  type CpuShare,
  cpuWindow,
  freePort,
  procMemoryMb,
  sampleRss,
  startChild,
  stopAllChildren,
  stopChild,
  waitFor,
  wasInterrupted,
} from "./bench/children";
import { summarizeProfiles } from "./bench/profile-summary";

const ROOT = path.resolve(import.meta.dirname, "..");
const BENCH_DIR = path.join(ROOT, "data", "bench");
const ARTIFACTS = path.join(ROOT, "artifacts");
const DB_FILE = path.join(BENCH_DIR, "bench.db");
const DATABASE_URL = `file:./${path.relative(ROOT, DB_FILE)}`;

type EndpointName = "lookups" | "view" | "create";
const ENDPOINTS: EndpointName[] = ["lookups", "view", "create"];
/** Share of the baseline's requests/s each endpoint must reach. */
const RATIO_TARGETS: Record<EndpointName, number> = { lookups: 0.25, view: 0.15, create: 0.1 };
const P99_TARGET_MS = 25;
const RSS_TARGET_MB = 400;

const { values: args } = parseArgs({
  options: {
    duration: { type: "string", default: "10" },
    warmup: { type: "string", default: "2" },
    connections: { type: "string", default: "32" },
    build: { type: "boolean", default: false },
    only: { type: "string" },
    "no-info": { type: "boolean", default: false },
    profile: { type: "boolean", default: false },
    strict: { type: "boolean", default: false },
  },
});
const DURATION = Number(args.duration);
const WARMUP = Number(args.warmup);
const CONNECTIONS = Number(args.connections);
const SELECTED = (args.only?.split(",").map((name) => name.trim()) ?? ENDPOINTS) as EndpointName[];
for (const name of SELECTED) {
  if (!ENDPOINTS.includes(name))
    throw new Error(`--only: unknown endpoint "${name}" (${ENDPOINTS.join(", ")})`);
}
if (!(DURATION > 0 && WARMUP >= 0 && CONNECTIONS > 0)) throw new Error("--duration, --warmup, --connections");

// ---------------------------------------------------------------------------------------------------
// Load generation

interface Load {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** Fixed body, or a fresh one per request. */
  body?: string | (() => string);
}

interface Measurement {
  requestsPerSecond: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
  p50Ms: number;
  p90Ms: number;
  p99Ms: number;
  maxMs: number;
  durationS: number;
}

function percentile(sorted: Float64Array, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * One autocannon run. Latencies are collected here in full precision (autocannon's own histogram
 * keeps whole milliseconds, too coarse for ~1 ms answers), over every response whatever its status.
 */
async function load(port: number, spec: Load, seconds: number): Promise<Measurement> {
  const { body } = spec;
  const request: autocannon.Request = { method: spec.method, path: spec.path, headers: spec.headers };
  if (typeof body === "string") request.body = body;
  if (typeof body === "function") request.setupRequest = (req) => ({ ...req, body: body() });
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: seconds, requests: [request] },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
    });
  });
  const sorted = latencies.subarray(0, count).sort();
  const statusCodes: Record<string, number> = {};
  for (const [code, stat] of Object.entries(result.statusCodeStats ?? {}))
    statusCodes[code] = stat?.count ?? 0;
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes,
    p50Ms: round(percentile(sorted, 50)),
    p90Ms: round(percentile(sorted, 90)),
    p99Ms: round(percentile(sorted, 99)),
    maxMs: round(sorted[count - 1] ?? Number.NaN),
    durationS: result.duration,
  };
}

const round = (value: number, digits = 2) => +value.toFixed(digits);

const PROFILE_CONTROL = path.join(BENCH_DIR, "profile-control");
const PROFILE_DIR = path.join(ARTIFACTS, "cpu-prof");

/**
 * Warm-up (discarded), then the measured run, sampling the server's RSS during the latter (and
 * profiling it with --profile, see scripts/bench/profiler.ts).
 */
async function measure(port: number, spec: Load, pid?: number, label?: string) {
  if (WARMUP > 0) await load(port, spec, WARMUP);
  const profileFile =
    args.profile && pid && label ? path.join(PROFILE_DIR, `${label}.cpuprofile`) : undefined;
  if (profileFile && pid) {
    writeFileSync(PROFILE_CONTROL, profileFile);
    process.kill(pid, "SIGUSR2");
  }
  const stopSampling = pid ? sampleRss(pid) : () => 0;
  const cpu = cpuWindow(pid);
  const measurement = await load(port, spec, DURATION);
  const cpuCores = cpu();
  const peakRssMb = round(stopSampling(), 1);
  if (profileFile && pid) {
    process.kill(pid, "SIGUSR2");
    await waitFor(async () => readFileSync(PROFILE_CONTROL, "utf8") === "", 30_000, "CPU profile");
    summarizeProfiles([profileFile]);
  }
  // CPU time the server spent per answered request: unlike req/s, it hardly depends on how much of
  // the machine other programs took meanwhile.
  const serverCpuMicrosPerRequest =
    measurement.total > 0 ? Math.round((cpuCores.server * cpuCores.seconds * 1e6) / measurement.total) : 0;
  return { ...measurement, peakRssMb, cpuCores, serverCpuMicrosPerRequest };
}

// ---------------------------------------------------------------------------------------------------
// Processes under test

async function startBaseline() {
  const port = await freePort();
  const child = startChild(
    process.execPath,
    ["--import", "tsx", "scripts/bench/baseline-server.ts", String(port)],
    {
      cwd: ROOT,
      stdio: ["pipe", "ignore", "inherit"],
    },
  );
  await waitFor(
    async () => (await post(port, "/", "{}")).status === 200,
    20_000,
    "baseline server",
    () => child.exitCode === null,
  );
  return { child, port };
}

async function startServer(logLevel: string, label: string) {
  const port = await freePort();
  const logFile = path.join(BENCH_DIR, `server-${label}.log`);
  const out = openSync(logFile, "w");
  // The node flags of `npm start` (e.g. the old-space cap), read so the bench cannot drift from it.
  const startScript: string = JSON.parse(readFileSync("package.json", "utf8")).scripts.start;
  const nodeArgs = startScript.trim().split(/\s+/).slice(1, -1);
  if (args.profile) nodeArgs.push("--import", "./scripts/bench/profiler.ts");
  const child = startChild(process.execPath, [...nodeArgs, "server/index.ts"], {
    cwd: ROOT,
    stdio: ["ignore", out, out],
    env: {
      ...process.env,
      NODE_ENV: "production",
      LOG_LEVEL: logLevel,
      DATABASE_URL,
      PORT: String(port),
      ...(args.profile ? { BENCH_PROFILE_CONTROL: PROFILE_CONTROL } : {}),
    },
  });
  closeSync(out); // the child has its own copy
  try {
    await waitFor(
      async () => (await fetch(`http://127.0.0.1:${port}/api/health`)).status === 200,
      120_000,
      "production server (/api/health)",
      () => child.exitCode === null,
    );
  } catch (error) {
    console.error(`--- ${path.relative(ROOT, logFile)} (last lines) ---`);
    console.error(readFileSync(logFile, "utf8").split("\n").slice(-30).join("\n"));
    throw error;
  }
  return { child, port, logFile, pid: child.pid ?? 0 };
}

function post(port: number, urlPath: string, body: string, headers: Record<string, string> = {}) {
  return fetch(`http://127.0.0.1:${port}${urlPath}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
}

async function expectOk(response: Response, what: string): Promise<void> {
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${what}: HTTP ${response.status} ${text.slice(0, 300)}`);
}

// ---------------------------------------------------------------------------------------------------
// Requests

const LOOKUPS_BODY = JSON.stringify({ data: "Currency" });

/** A realistic Create body; only the id changes between requests. */
function channelBody(providerDeliveryChannelId: string): string {
  return JSON.stringify({
    providerDeliveryChannelId,
    name: { language: "EN", translation: "Cash pickup" },
    shortDescription: { language: "EN", translation: "Collect cash at any partner agent" },
    landingPage: "www.acme.example",
    availability: {
      categoriesSupported: ["CASH"],
      countriesSupported: ["BG", "PL"],
      currenciesSupported: ["EUR"],
    },
    contacts: [{ email: "ops@acme.example", name: "Ops", phone: "+359 2 000 000" }],
    deliveryOptions: [{ fieldLabel: "Phone", fieldName: "phone", dataType: "STRING", isRequired: true }],
  });
}
const [BODY_HEAD, BODY_TAIL] = channelBody("@ID@").split("@ID@") as [string, string];

function specs(apiKey: string, viewId: string): Record<EndpointName, Load> {
  const auth = { "x-api-key": apiKey };
  return {
    lookups: {
      method: "POST",
      path: "/api/ClientSetting/GetLookUpValues",
      headers: { "content-type": "application/json", ...auth },
      body: LOOKUPS_BODY,
    },
    view: { method: "GET", path: `/api/DeliveryChannel/Get/${viewId}`, headers: auth },
    create: {
      method: "POST",
      path: "/api/DeliveryChannel/Create",
      headers: { "content-type": "application/json", ...auth },
      body: () => BODY_HEAD + randomUUID() + BODY_TAIL,
    },
  };
}

// ---------------------------------------------------------------------------------------------------
// Report

interface Row extends Measurement {
  name: string;
  peakRssMb: number;
  cpuCores: CpuShare;
  serverCpuMicrosPerRequest: number;
  ratio?: number;
  ratioTarget?: number;
  checks?: { ratio: boolean; p99: boolean; rss: boolean; allOk: boolean };
}

function judge(row: Row, baselineRps: number, ratioTarget: number | undefined): Row {
  const ratio = round(row.requestsPerSecond / baselineRps, 3);
  if (ratioTarget === undefined) return { ...row, ratio };
  const ratioOk = ratio >= ratioTarget;
  const p99 = row.p99Ms < P99_TARGET_MS;
  const rss = row.peakRssMb < RSS_TARGET_MB;
  return {
    ...row,
    ratio,
    ratioTarget,
    checks: {
      ratio: ratioOk,
      p99,
      rss,
      allOk: ratioOk && p99 && rss && row.non2xx === 0 && row.errors === 0,
    },
  };
}

const mark = (ok: boolean) => (ok ? "PASS" : "MISS");

function printTable(rows: Row[]): void {
  const header = [
    "endpoint",
    "req/s",
    "p50 ms",
    "p99 ms",
    "peak RSS MB",
    "vs baseline",
    "non-2xx",
    "errors",
    "server µs/req",
    "CPU server/bench/other",
  ];
  const lines = rows.map((row) => [
    row.name,
    Math.round(row.requestsPerSecond).toLocaleString("en-US"),
    row.p50Ms.toFixed(2),
    row.checks ? `${row.p99Ms.toFixed(2)} ${mark(row.checks.p99)}` : row.p99Ms.toFixed(2),
    row.checks ? `${row.peakRssMb.toFixed(0)} ${mark(row.checks.rss)}` : row.peakRssMb.toFixed(0),
    row.ratio === undefined
      ? "100%"
      : `${(row.ratio * 100).toFixed(1)}%${row.checks ? ` ${mark(row.checks.ratio)} (≥${(row.ratioTarget ?? 0) * 100}%)` : ""}`,
    String(row.non2xx),
    String(row.errors + row.timeouts),
    row.serverCpuMicrosPerRequest ? String(row.serverCpuMicrosPerRequest) : "-",
    `${row.cpuCores.server.toFixed(2)} / ${row.cpuCores.bench.toFixed(2)} / ${row.cpuCores.others.toFixed(2)}`,
  ]);
  const widths = header.map((title, i) =>
    Math.max(title.length, ...lines.map((line) => line[i]?.length ?? 0)),
  );
  const format = (cells: string[]) =>
    `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(" | ")} |`;
  console.log(format(header));
  console.log(`|${widths.map((w) => "-".repeat(w + 2)).join("|")}|`);
  for (const line of lines) console.log(format(line));
}

// ---------------------------------------------------------------------------------------------------

async function ensureBuild(): Promise<void> {
  if (!args.build && existsSync(path.join(ROOT, ".next", "BUILD_ID"))) return;
  console.log("▶ next build");
  const result = spawnSync("npx", ["next", "build"], { cwd: ROOT, stdio: "inherit" });
  if (result.status !== 0) throw new Error("next build failed");
}

async function createProvider(): Promise<string> {
  const { stdout } = await promisify(execFile)(
    "npx",
    ["tsx", "scripts/provider-create.ts", "--name", "Bench"],
    {
      cwd: ROOT,
      env: { ...process.env, DATABASE_URL, LOG_LEVEL: "warn" },
    },
  );
  const key = stdout.trim().split("\n").at(-1)?.trim();
  if (!key?.startsWith("dcp_")) throw new Error(`provider-create printed no key:\n${stdout}`);
  return key;
}

async function main() {
  console.log(
    `Bench: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per endpoint; ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}`,
  );
  await ensureBuild();
  rmSync(BENCH_DIR, { recursive: true, force: true });
  mkdirSync(BENCH_DIR, { recursive: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  if (args.profile) {
    rmSync(PROFILE_DIR, { recursive: true, force: true });
    mkdirSync(PROFILE_DIR, { recursive: true });
  }

  console.log("▶ baseline: bare node:http, parse a small JSON body, answer a fixed JSON");
  const baseline = await startBaseline();
  const baselineSpec: Load = {
    method: "POST",
    path: "/",
    headers: { "content-type": "application/json" },
    body: LOOKUPS_BODY,
  };
  const baselineRow: Row = {
    name: "baseline node:http",
    ...(await measure(baseline.port, baselineSpec, baseline.child.pid)),
  };
  await stopChild(baseline.child);
  const baselineRps = baselineRow.requestsPerSecond;
  console.log(`  ${Math.round(baselineRps)} req/s`);

  console.log(`▶ production server: NODE_ENV=production LOG_LEVEL=warn, SQLite ${DATABASE_URL}`);
  console.log(
    "  (request logs are off at warn level during the bench: the fast path logs each request at info)",
  );
  const server = await startServer("warn", "warn");
  const apiKey = await createProvider();
  const viewId = `bench-view-${randomUUID()}`;
  await expectOk(
    await post(server.port, "/api/DeliveryChannel/Create", channelBody(viewId), { "x-api-key": apiKey }),
    "creating the channel to view",
  );
  const loads = specs(apiKey, viewId);
  const rows: Row[] = [baselineRow];
  for (const name of SELECTED) {
    const spec = loads[name];
    const probe = await fetch(`http://127.0.0.1:${server.port}${spec.path}`, {
      method: spec.method,
      headers: spec.headers,
      body: typeof spec.body === "function" ? spec.body() : spec.body,
    });
    await expectOk(probe, `${name}: first request`);
    console.log(`▶ ${name}: ${spec.method} ${spec.path.replace(viewId, "<id>")}`);
    const row = judge(
      { name, ...(await measure(server.port, spec, server.pid, name)) },
      baselineRps,
      RATIO_TARGETS[name],
    );
    console.log(`  ${Math.round(row.requestsPerSecond)} req/s, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}`);
    rows.push(row);
  }
  const serverPeakRssMb = round(procMemoryMb(server.pid, "VmHWM"), 1);
  await stopChild(server.child);

  let infoRow: Row | undefined;
  if (!args["no-info"] && SELECTED.includes("lookups")) {
    console.log("▶ lookups again with LOG_LEVEL=info (one JSON log line per request, to a file)");
    const infoServer = await startServer("info", "info");
    infoRow = judge(
      {
        name: "lookups @ LOG_LEVEL=info",
        ...(await measure(infoServer.port, loads.lookups, infoServer.pid)),
      },
      baselineRps,
      undefined,
    );
    await stopChild(infoServer.child);
    console.log(`  log file grew to ${(statSync(infoServer.logFile).size / 1e6).toFixed(1)} MB`);
    rows.push(infoRow);
  }

  console.log(
    `\nResults (${CONNECTIONS} connections, ${DURATION} s each after ${WARMUP} s warm-up; request logs off at LOG_LEVEL=warn):`,
  );
  printTable(rows);
  const judged = rows.filter((row) => row.checks);
  const allOk = judged.every((row) => row.checks?.allOk);
  console.log(
    `\nTargets: lookups ≥ 25%, view ≥ 15%, create ≥ 10% of baseline req/s; p99 < ${P99_TARGET_MS} ms; ` +
      `RSS < ${RSS_TARGET_MB} MB; no non-2xx. Server peak RSS over the run (VmHWM): ${serverPeakRssMb} MB.`,
  );
  const lookupsRow = rows.find((row) => row.name === "lookups");
  if (infoRow && lookupsRow) {
    const change = infoRow.requestsPerSecond / lookupsRow.requestsPerSecond - 1;
    console.log(
      `Lookups at LOG_LEVEL=info (a log line per request, to a file) vs warn: ${change >= 0 ? "+" : ""}` +
        `${(change * 100).toFixed(1)}% req/s, p99 ${infoRow.p99Ms} vs ${lookupsRow.p99Ms} ms.`,
    );
  }
  console.log(
    "server µs/req: the server's CPU time per request. CPU server/bench/other: cores busy on average " +
      `during each run (of ${os.cpus().length}); "other" is the rest of the machine — above ~0.2 the ` +
      "req/s figures are noisy, µs/req much less so.",
  );
  for (const row of judged) {
    if (row.non2xx > 0) console.log(`  ${row.name}: non-2xx by status ${JSON.stringify(row.statusCodes)}`);
  }
  console.log(allOk ? "\nAll targets PASS." : "\nSome targets MISS (see the table).");

  const report = {
    when: new Date().toISOString(),
    machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model.trim(), node: process.version },
    settings: { connections: CONNECTIONS, durationS: DURATION, warmupS: WARMUP, database: "sqlite" },
    targets: { ratio: RATIO_TARGETS, p99Ms: P99_TARGET_MS, rssMb: RSS_TARGET_MB },
    baselineRps,
    serverPeakRssMb,
    rows,
    allOk,
  };
  writeFileSync(path.join(ARTIFACTS, "bench.json"), `${JSON.stringify(report, null, 2)}\n`);
  console.log(`Wrote ${path.relative(ROOT, path.join(ARTIFACTS, "bench.json"))}`);
  if (args.strict && !allOk) process.exitCode = 1;
}

main()
  .catch((error: unknown) => {
    if (wasInterrupted()) return;
    console.error(
      `✖ bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`,
    );
    process.exitCode = 1;
  })
  .finally(() => stopAllChildren());
