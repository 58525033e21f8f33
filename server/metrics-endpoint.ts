/**
 * GET /metrics in Prometheus' text format (docs/operations.md "Watch it"), served by the app server
 * and by a separate worker on WORKER_METRICS_PORT. Off (404) unless METRICS_TOKEN is set, then only
 * with `Authorization: Bearer <METRICS_TOKEN>`: the figures tell an outsider how busy the service
 * is and how many payments wait, so they are not public.
 */
import { timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { metricsToken } from "../lib/config";
import { readiness, storedState } from "../lib/domain/operations";
import { metrics } from "../lib/infrastructure/metrics";
import { log } from "../lib/log";

export const METRICS_PATH = "/metrics";

function bearerMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(/^Bearer (.+)$/i.exec(header ?? "")?.[1] ?? "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Sets the stored-state gauges from the database; false (and the gauges emptied) when it cannot be read. */
async function readStoredState(): Promise<boolean> {
  const m = metrics();
  const gauges = [
    m.outboxDueEvents,
    m.outboxOldestDueAge,
    m.outboxPendingEvents,
    m.outboxOldestPendingAge,
    m.disabledSubscriptions,
    m.mailPending,
    m.translationsPending,
    m.approvalsPending,
    m.approvalsOldestAge,
    m.budgetReserved,
  ];
  for (const gauge of gauges) gauge.reset();
  try {
    const state = await storedState();
    m.outboxDueEvents.set(state.outbox.dueEvents);
    m.outboxOldestDueAge.set(state.outbox.oldestDueSeconds);
    m.outboxPendingEvents.set(state.outbox.pendingEvents);
    m.outboxOldestPendingAge.set(state.outbox.oldestPendingSeconds);
    m.disabledSubscriptions.set(state.disabledSubscriptions);
    m.mailPending.set(state.mailPending);
    m.translationsPending.set(state.translationsPending);
    for (const [kind, { pending, oldestSeconds }] of Object.entries(state.approvals)) {
      m.approvalsPending.set({ kind }, pending);
      m.approvalsOldestAge.set({ kind }, oldestSeconds);
    }
    for (const [unit, reserved] of Object.entries(state.reservedByUnit))
      m.budgetReserved.set({ unit }, reserved);
    return true;
  } catch (error) {
    log.warn({ err: error }, "metrics: the stored state could not be read");
    return false;
  }
}

function answer(
  response: ServerResponse,
  status: number,
  text: string,
  headers: Record<string, string> = {},
) {
  response.writeHead(status, {
    "content-type": "text/plain; charset=utf-8",
    "cache-control": "no-store",
    ...headers,
  });
  response.end(text);
}

export async function serveMetrics(request: IncomingMessage, response: ServerResponse): Promise<void> {
  const token = metricsToken();
  if (!token) return answer(response, 404, "Metrics are off: set METRICS_TOKEN to serve them.\n");
  if (request.method !== "GET" && request.method !== "HEAD")
    return answer(response, 405, "Use GET.\n", { allow: "GET, HEAD" });
  if (!bearerMatches(request.headers.authorization, token))
    return answer(response, 401, "Send Authorization: Bearer <METRICS_TOKEN>.\n", {
      "www-authenticate": "Bearer",
    });
  const m = metrics();
  m.storedStateReadable.set((await readStoredState()) ? 1 : 0);
  m.ready.set((await readiness().catch(() => undefined))?.ready ? 1 : 0);
  const text = await m.registry.metrics();
  response.writeHead(200, { "content-type": m.registry.contentType, "cache-control": "no-store" });
  response.end(request.method === "HEAD" ? undefined : text);
}
