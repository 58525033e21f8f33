/**
 * The guarded rows: the same endpoints on a server with the rate limit on (API_RATE_LIMIT far above
 * what the bench sends, so nothing is refused but every request is counted and answered with the
 * RateLimit headers), Create also with a fresh Idempotency-Key per request (a claim and a stored
 * answer each). Each row sits next to its plain one, against the same node:http baseline.
 */
import { randomUUID } from "node:crypto";
import { stopChild } from "./children";
import { measure } from "./load";
import { SELECTED } from "./options";
import { judge, type Row } from "./report";
import { specs } from "./requests";
import { expectOk, startServer } from "./servers";

/** High enough that no run of the bench reaches it within one window. */
const RATE_LIMIT = "1000000000";

const guardedName = (name: string) =>
  name === "create" ? "create + Idempotency-Key, rate limit" : `${name}, rate limit`;

/** A probe must show the guards at work: the RateLimit header, and a first answer to the key. */
async function probe(
  port: number,
  spec: ReturnType<typeof specs>[keyof ReturnType<typeof specs>],
  name: string,
) {
  const response = await fetch(`http://127.0.0.1:${port}${spec.path}`, {
    method: spec.method,
    headers: { ...spec.headers, ...spec.freshHeaders?.() },
    body: typeof spec.body === "function" ? spec.body() : spec.body,
  });
  if (!response.headers.get("ratelimit"))
    throw new Error(`${name}: no RateLimit header with API_RATE_LIMIT set`);
  if (spec.freshHeaders && response.headers.get("idempotent-replayed"))
    throw new Error(`${name}: a fresh Idempotency-Key was replayed`);
  await expectOk(response, `${name} (guarded): first request`);
}

export async function measureGuarded(apiKey: string, viewId: string, baselineRps: number): Promise<Row[]> {
  console.log(`▶ production server with API_RATE_LIMIT=${RATE_LIMIT} (counted in SQLite), same database`);
  const server = await startServer("warn", "guarded", { API_RATE_LIMIT: RATE_LIMIT });
  const loads = specs(apiKey, viewId);
  loads.create = { ...loads.create, freshHeaders: () => ({ "Idempotency-Key": randomUUID() }) };
  const rows: Row[] = [];
  for (const name of SELECTED) {
    await probe(server.port, loads[name], name);
    console.log(`▶ ${guardedName(name)}`);
    const row = judge(
      {
        name: guardedName(name),
        ...(await measure(server.port, loads[name], server.pid, `${name}-guarded`)),
      },
      baselineRps,
      undefined,
    );
    console.log(`  ${Math.round(row.requestsPerSecond)} req/s, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}`);
    rows.push(row);
  }
  await stopChild(server.child);
  return rows;
}

/** Each guarded row's ratio next to its plain row's, as printed under the table. */
export function printGuardedComparison(plain: Row[], guarded: Row[]): void {
  if (!guarded.length) return;
  console.log("With the guards on (same run, same baseline):");
  for (const [index, row] of guarded.entries()) {
    const base = plain[index];
    if (!base?.ratio || !row.ratio) continue;
    const change = row.requestsPerSecond / base.requestsPerSecond - 1;
    console.log(
      `  ${row.name}: ${(row.ratio * 100).toFixed(1)}% of baseline vs ${base.name} ${(base.ratio * 100).toFixed(1)}% ` +
        `(${change >= 0 ? "+" : ""}${(change * 100).toFixed(1)}% req/s, server µs/req ${row.serverCpuMicrosPerRequest} vs ${base.serverCpuMicrosPerRequest})` +
        (row.non2xx ? `; non-2xx ${JSON.stringify(row.statusCodes)}` : ""),
    );
  }
}
