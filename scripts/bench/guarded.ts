/**
 * The guarded rows: the same endpoints on a server with the rate limit on (API_RATE_LIMIT far above
 * what the bench sends, so nothing is refused but every request is counted and answered with the
 * RateLimit headers), and Create once more with a fresh Idempotency-Key per request as well (a claim
 * and a stored answer each). Each row sits next to its plain one, against the same node:http baseline.
 */
import { randomUUID } from "node:crypto";
import { stopChild } from "./children";
import { type Load, measure } from "./load";
import { type EndpointName, SELECTED } from "./options";
import { judge, type Row } from "./report";
import { specs } from "./request-bodies";
import { expectOk, startServer } from "./servers";

/** High enough that no run of the bench reaches it within one window. */
const RATE_LIMIT = "1000000000";

/** A probe must show the guards at work: the RateLimit header, and a first answer to the key. */
async function probe(port: number, spec: Load, name: string) {
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

/** A guarded row and the plain endpoint it sits next to. */
export interface GuardedRow {
  of: EndpointName;
  row: Row;
}

/** Each endpoint with the rate limit on; Create also with a fresh key, to tell the two costs apart. */
function guardedLoads(apiKey: string, viewId: string): { of: EndpointName; name: string; load: Load }[] {
  const loads = specs(apiKey, viewId);
  return SELECTED.flatMap((of) => [
    { of, name: `${of}, rate limit`, load: loads[of] },
    ...(of === "create"
      ? [
          {
            of,
            name: "create + Idempotency-Key, rate limit",
            load: { ...loads.create, freshHeaders: () => ({ "Idempotency-Key": randomUUID() }) },
          },
        ]
      : []),
  ]);
}

export async function measureGuarded(
  apiKey: string,
  viewId: string,
  baselineRps: number,
): Promise<GuardedRow[]> {
  console.log(
    `▶ production server with API_RATE_LIMIT=${RATE_LIMIT} (counted in the database), same database`,
  );
  const server = await startServer("warn", "guarded", { API_RATE_LIMIT: RATE_LIMIT });
  const rows: GuardedRow[] = [];
  for (const { of, name, load } of guardedLoads(apiKey, viewId)) {
    await probe(server.port, load, name);
    console.log(`▶ ${name}`);
    const label = `${of}-guarded-${rows.length}`;
    const row = judge(
      { name, ...(await measure(server.port, load, server.pid, label)) },
      baselineRps,
      undefined,
    );
    console.log(`  ${Math.round(row.requestsPerSecond)} req/s, p99 ${row.p99Ms} ms, non-2xx ${row.non2xx}`);
    rows.push({ of, row });
  }
  await stopChild(server.child);
  return rows;
}

/** The plain rows, each followed by its guarded ones. */
export const withGuarded = (plain: Row[], guarded: GuardedRow[]) =>
  plain.flatMap((row) => [
    row,
    ...guarded.filter((entry) => entry.of === row.name).map((entry) => entry.row),
  ]);

/** Each guarded row's ratio next to its plain row's, as printed under the table. */
export function printGuardedComparison(plain: Row[], guarded: GuardedRow[]): void {
  if (!guarded.length) return;
  console.log("With the guards on (same run, same baseline):");
  for (const { of, row } of guarded) {
    const base = plain.find((candidate) => candidate.name === of);
    if (!base?.ratio || !row.ratio) continue;
    const change = row.requestsPerSecond / base.requestsPerSecond - 1;
    console.log(
      `  ${row.name}: ${(row.ratio * 100).toFixed(1)}% of baseline vs ${base.name} ${(base.ratio * 100).toFixed(1)}% ` +
        `(${change >= 0 ? "+" : ""}${(change * 100).toFixed(1)}% req/s, server µs/req ${row.serverCpuMicrosPerRequest} vs ${base.serverCpuMicrosPerRequest})` +
        (row.non2xx ? `; non-2xx ${JSON.stringify(row.statusCodes)}` : ""),
    );
  }
}
