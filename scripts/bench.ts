/**
 * `npm run bench`: throughput and latency of the provider API's production server on SQLite, against
 * a bare node:http baseline measured in the same run on the same machine (../shared/DESIGN.md "Performance").
 *
 *   npm run bench -- [--duration 10] [--warmup 2] [--connections 32] [--build] [--only lookups,view]
 *                    [--no-info] [--no-metrics] [--no-traces] [--no-guards] [--profile] [--strict]
 *
 * --build     run `next build` even if .next/BUILD_ID exists (it runs anyway when it is missing)
 * --only      endpoints to measure (lookups, view, create); the baseline always runs
 * --no-info   skip the extra lookups run at LOG_LEVEL=info (the cost of one log line per request)
 * --no-metrics skip the extra lookups run with METRICS_TOKEN set (the cost of measuring each request)
 * --no-traces skip the extra lookups runs with traces on (OTEL_EXPORTER_OTLP_ENDPOINT): one to an
 *             endpoint nothing listens on, one to a local sink that accepts every export
 * --no-guards skip the guarded rows: each endpoint again with the rate limit on (API_RATE_LIMIT) and
 *             Create with a fresh Idempotency-Key per request (scripts/bench/guarded.ts)
 * --profile   CPU-profile the server during each measured run (not the warm-up, not startup): the
 *             .cpuprofile files go to artifacts/cpu-prof/ and a summary is printed. Profiling slows
 *             the server, so the figures of such a run are not the bench's figures.
 * --strict    exit 1 when a target is missed
 *
 * Results are printed as a table and written to artifacts/bench.json. The parts: scripts/bench/
 * (options, load generation, the servers under test, the requests, the report).
 */
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, statSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import os from "node:os";
import { dropSchema } from "./bench/bench-database";
import { procMemoryMb, stopAllChildren, stopChild, wasInterrupted } from "./bench/children";
import { measureGuarded, printGuardedComparison, withGuarded } from "./bench/guarded";
import { measure } from "./bench/load";
import {
  ARTIFACTS,
  args,
  BENCH_DIR,
  CONNECTIONS,
  DATABASE,
  DURATION,
  PROFILE_DIR,
  RATIO_TARGETS,
  round,
  SELECTED,
  WARMUP,
} from "./bench/options";
import { judge, printResults, type Row, writeReport } from "./bench/report";
import { BASELINE_LOAD, channelBody, specs } from "./bench/request-bodies";
import { createProvider, ensureBuild, expectOk, post, startBaseline, startServer } from "./bench/servers";

function prepareDirectories(): void {
  rmSync(BENCH_DIR, { recursive: true, force: true });
  mkdirSync(BENCH_DIR, { recursive: true });
  mkdirSync(ARTIFACTS, { recursive: true });
  if (args.profile) {
    rmSync(PROFILE_DIR, { recursive: true, force: true });
    mkdirSync(PROFILE_DIR, { recursive: true });
  }
}

async function measureBaseline(): Promise<Row> {
  console.log("▶ baseline: bare node:http, parse a small JSON body, answer a fixed JSON");
  const baseline = await startBaseline();
  const row: Row = {
    name: "baseline node:http",
    ...(await measure(baseline.port, BASELINE_LOAD, baseline.child.pid)),
  };
  await stopChild(baseline.child);
  console.log(`  ${Math.round(row.requestsPerSecond)} req/s`);
  return row;
}

/** Each selected endpoint on one production server at LOG_LEVEL=warn; returns the rows and its peak RSS. */
async function measureEndpoints(apiKeyFor: () => Promise<string>, baselineRps: number) {
  console.log(`▶ production server: NODE_ENV=production LOG_LEVEL=warn, ${DATABASE.kind} ${DATABASE.label}`);
  console.log(
    "  (request logs are off at warn level during the bench: the fast path logs each request at info)",
  );
  const server = await startServer("warn", "warn");
  const apiKey = await apiKeyFor();
  const viewId = `bench-view-${randomUUID()}`;
  await expectOk(
    await post(server.port, "/api/DeliveryChannel/Create", channelBody(viewId), { "x-api-key": apiKey }),
    "creating the channel to view",
  );
  const loads = specs(apiKey, viewId);
  const rows: Row[] = [];
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
  return { rows, serverPeakRssMb, lookups: loads.lookups, apiKey, viewId };
}

/** Lookups again at LOG_LEVEL=info: the cost of one log line per request. */
async function measureInfo(lookups: ReturnType<typeof specs>["lookups"], baselineRps: number) {
  console.log("▶ lookups again with LOG_LEVEL=info (one JSON log line per request, to a file)");
  const infoServer = await startServer("info", "info");
  const infoRow = judge(
    { name: "lookups @ LOG_LEVEL=info", ...(await measure(infoServer.port, lookups, infoServer.pid)) },
    baselineRps,
    undefined,
  );
  await stopChild(infoServer.child);
  console.log(`  log file grew to ${(statSync(infoServer.logFile).size / 1e6).toFixed(1)} MB`);
  return infoRow;
}

/** Lookups again with METRICS_TOKEN set: the cost of measuring each request (GET /metrics). */
async function measureMetrics(lookups: ReturnType<typeof specs>["lookups"], baselineRps: number) {
  console.log("▶ lookups again with METRICS_TOKEN set (each request measured for GET /metrics)");
  const server = await startServer("warn", "metrics", { METRICS_TOKEN: `bench-${randomUUID()}` });
  const row = judge(
    { name: "lookups with metrics", ...(await measure(server.port, lookups, server.pid)) },
    baselineRps,
    undefined,
  );
  await stopChild(server.child);
  return row;
}

/** A local OTLP sink: answers 200 to every export and counts them (and their bytes). */
async function startOtlpSink() {
  const counted = { exports: 0, bytes: 0 };
  const server = createServer((request, response) => {
    request.on("data", (chunk: Buffer) => (counted.bytes += chunk.length));
    request.on("end", () => {
      counted.exports++;
      response.writeHead(200, { "content-type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, counted, close: () => server.close() };
}

/**
 * Lookups again with traces on (docs/operations.md "Traces"): a server span per request, exported
 * in batches. Once to an endpoint nothing listens on (each export fails; spans are dropped past the
 * queue), once to a local sink in this process (every export answered).
 */
async function measureTraces(lookups: ReturnType<typeof specs>["lookups"], baselineRps: number) {
  const rows: Row[] = [];
  const sink = await startOtlpSink();
  // A port that was free a moment ago: nothing listens there during the run.
  const closed = await startOtlpSink();
  closed.close();
  for (const [name, endpoint] of [
    ["lookups, traces to no endpoint", closed.url],
    ["lookups, traces to a local sink", sink.url],
  ] as const) {
    console.log(`▶ ${name} (OTEL_EXPORTER_OTLP_ENDPOINT=${endpoint})`);
    const server = await startServer("warn", name.replace(/\W+/g, "-"), {
      OTEL_EXPORTER_OTLP_ENDPOINT: endpoint,
      OTEL_EXPORTER_OTLP_PROTOCOL: "http/json",
    });
    rows.push(judge({ name, ...(await measure(server.port, lookups, server.pid)) }, baselineRps, undefined));
    await stopChild(server.child);
  }
  console.log(
    `  the sink got ${sink.counted.exports} exports, ${(sink.counted.bytes / 1e6).toFixed(1)} MB of OTLP JSON`,
  );
  sink.close();
  return rows;
}

async function main() {
  console.log(
    `Bench: ${CONNECTIONS} connections, ${WARMUP} s warm-up + ${DURATION} s per endpoint; ` +
      `${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim()}), Node ${process.version}`,
  );
  await ensureBuild();
  prepareDirectories();
  const baselineRow = await measureBaseline();
  const baselineRps = baselineRow.requestsPerSecond;
  const measured = await measureEndpoints(createProvider, baselineRps);
  const guarded = args["no-guards"]
    ? []
    : await measureGuarded(measured.apiKey, measured.viewId, baselineRps);
  const rows: Row[] = [baselineRow, ...withGuarded(measured.rows, guarded)];
  let infoRow: Row | undefined;
  if (!args["no-info"] && SELECTED.includes("lookups")) {
    infoRow = await measureInfo(measured.lookups, baselineRps);
    rows.push(infoRow);
  }
  if (!args["no-metrics"] && SELECTED.includes("lookups")) {
    const metricsRow = await measureMetrics(measured.lookups, baselineRps);
    rows.push(metricsRow);
    const lookupsRow = measured.rows.find((row) => row.name === "lookups");
    if (lookupsRow) {
      const change = metricsRow.requestsPerSecond / lookupsRow.requestsPerSecond - 1;
      console.log(
        `  metrics cost on lookups: ${(change * 100).toFixed(1)}% req/s, p99 ${metricsRow.p99Ms} vs ${lookupsRow.p99Ms} ms`,
      );
    }
  }
  if (!args["no-traces"] && SELECTED.includes("lookups")) {
    const traceRows = await measureTraces(measured.lookups, baselineRps);
    rows.push(...traceRows);
    const lookupsRow = measured.rows.find((row) => row.name === "lookups");
    for (const row of lookupsRow ? traceRows : []) {
      console.log(
        `  ${row.name}: ${(row.requestsPerSecond / lookupsRow!.requestsPerSecond).toFixed(3)}× the req/s of lookups, p99 ${row.p99Ms} vs ${lookupsRow!.p99Ms} ms`,
      );
    }
  }
  const allOk = printResults(rows, infoRow, measured.serverPeakRssMb);
  printGuardedComparison(measured.rows, guarded);
  writeReport(rows, baselineRps, measured.serverPeakRssMb, allOk);
  await dropSchema(DATABASE);
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
