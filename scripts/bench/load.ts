/**
 * Load generation: one autocannon run per measurement, with latencies kept in full precision, and
 * a measured run (after a discarded warm-up) that also samples the server's RSS and CPU time.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import { cpuWindow, sampleRss, waitFor } from "./children";
import { args, CONNECTIONS, DURATION, PROFILE_CONTROL, PROFILE_DIR, round, WARMUP } from "./options";
import { summarizeProfiles } from "./profile-summary";

export interface Load {
  method: "GET" | "POST";
  path: string;
  headers: Record<string, string>;
  /** Fixed body, or a fresh one per request. */
  body?: string | (() => string);
  /** Headers made anew for each request (an Idempotency-Key). */
  freshHeaders?: () => Record<string, string>;
}

export interface Measurement {
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

/** Collects response times into a growing array. */
function latencyRecorder() {
  let latencies = new Float64Array(1 << 16);
  let count = 0;
  return {
    add(responseTime: number) {
      if (count === latencies.length) {
        const grown = new Float64Array(latencies.length * 2);
        grown.set(latencies);
        latencies = grown;
      }
      latencies[count++] = responseTime;
    },
    sorted: () => latencies.subarray(0, count).sort(),
  };
}

/**
 * One autocannon run. Latencies are collected here in full precision (autocannon's own histogram
 * keeps whole milliseconds, too coarse for ~1 ms answers), over every response whatever its status.
 */
async function load(port: number, spec: Load, seconds: number): Promise<Measurement> {
  const { body, freshHeaders } = spec;
  const request: autocannon.Request = { method: spec.method, path: spec.path, headers: spec.headers };
  if (typeof body === "string") request.body = body;
  if (typeof body === "function" || freshHeaders) {
    request.setupRequest = (req) => ({
      ...req,
      ...(typeof body === "function" && { body: body() }),
      ...(freshHeaders && { headers: { ...req.headers, ...freshHeaders() } }),
    });
  }
  const latencies = latencyRecorder();
  const result = await new Promise<autocannon.Result>((resolve, reject) => {
    const instance = autocannon(
      { url: `http://127.0.0.1:${port}`, connections: CONNECTIONS, duration: seconds, requests: [request] },
      (error, done) => (error ? reject(error) : resolve(done)),
    );
    instance.on("response", (_client, _status, _bytes, responseTime) => latencies.add(responseTime));
  });
  const sorted = latencies.sorted();
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
    maxMs: round(sorted[sorted.length - 1] ?? Number.NaN),
    durationS: result.duration,
  };
}

/**
 * Warm-up (discarded), then the measured run, sampling the server's RSS during the latter (and
 * profiling it with --profile, see scripts/bench/profiler.ts).
 */
export async function measure(port: number, spec: Load, pid?: number, label?: string) {
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
