/**
 * This process's Prometheus instruments (prom-client), served at GET /metrics (server/metrics-endpoint.ts,
 * docs/operations.md "Watch it"). Names follow OpenTelemetry's semantic conventions where one exists
 * (`http.server.request.duration` → `http_server_request_duration_seconds`); the product's own start
 * with `dcp_`. Counters and histograms count what THIS process did; the gauges of stored state
 * (backlogs, pending approvals) are read from the shared database at each scrape.
 *
 * One set per process, on globalThis: the API fast path, the workers and Next's bundle each load
 * their own copy of a module, and a second registry would split the counts.
 */
import { getHeapStatistics } from "node:v8";
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

function createInstruments() {
  const registry = new Registry();
  // Process memory (resident, heap by space), event-loop lag, GC, handles: prom-client's defaults.
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });
  const metric = { registers: [registry] };
  return {
    registry,
    requestDuration: new Histogram({
      ...metric,
      name: "http_server_request_duration_seconds",
      help: "Duration of HTTP requests served, by operation (http_route) and status.",
      labelNames: ["http_request_method", "http_route", "http_response_status_code"] as const,
      // OpenTelemetry's advised boundaries for http.server.request.duration.
      buckets: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
    }),
    activeRequests: new Gauge({
      ...metric,
      name: "http_server_active_requests",
      help: "HTTP requests being served now.",
    }),
    webhookAttempts: new Counter({
      ...metric,
      name: "dcp_webhook_attempts_total",
      help: "Webhook POSTs made, by outcome (delivered, failed) and the receiver's status code (none: no answer).",
      labelNames: ["outcome", "http_response_status_code"] as const,
    }),
    rateLimitRefusals: new Counter({
      ...metric,
      name: "dcp_rate_limit_refusals_total",
      help: "Requests refused with 429 by a rate limit, by limit (api_key, sign_in).",
      labelNames: ["limit"] as const,
    }),
    idempotentReplays: new Counter({
      ...metric,
      name: "dcp_idempotent_replays_total",
      help: "Retries answered with the stored answer of their Idempotency-Key.",
    }),
    heapLimit: new Gauge({
      ...metric,
      name: "dcp_heap_size_limit_bytes",
      help: "The V8 heap's cap (npm start sets it): compare nodejs_heap_size_used_bytes with it.",
      collect() {
        this.set(getHeapStatistics().heap_size_limit);
      },
    }),
    ready: new Gauge({
      ...metric,
      name: "dcp_ready",
      help: "1 when GET /api/health/ready would answer 200 at this scrape, 0 when a check fails.",
    }),
    // Stored state, the same on every instance of a database: set at each scrape from
    // lib/domain/operations/stored-state.ts (aggregate across instances with max, not sum).
    storedStateReadable: new Gauge({
      ...metric,
      name: "dcp_stored_state_readable",
      help: "1 when this scrape read the stored state below from the database, 0 when it could not.",
    }),
    outboxDueEvents: new Gauge({
      ...metric,
      name: "dcp_outbox_due_events",
      help: "Webhook events due for delivery now (pending, next attempt reached).",
    }),
    outboxOldestDueAge: new Gauge({
      ...metric,
      name: "dcp_outbox_oldest_due_age_seconds",
      help: "How long the oldest webhook event due for delivery has waited.",
    }),
    outboxPendingEvents: new Gauge({
      ...metric,
      name: "dcp_outbox_pending_events",
      help: "Webhook events not yet delivered: due, or waiting to retry a failing endpoint.",
    }),
    outboxOldestPendingAge: new Gauge({
      ...metric,
      name: "dcp_outbox_oldest_pending_age_seconds",
      help: "Age of the oldest webhook event not yet delivered (a dead receiver grows it).",
    }),
    disabledSubscriptions: new Gauge({
      ...metric,
      name: "dcp_webhook_subscriptions_disabled",
      help: "Webhook subscriptions disabled after failing (or a 410 Gone) and not re-enabled.",
    }),
    mailPending: new Gauge({
      ...metric,
      name: "dcp_mail_pending_messages",
      help: "Mail messages waiting to be sent.",
    }),
    translationsPending: new Gauge({
      ...metric,
      name: "dcp_translation_pending_jobs",
      help: "Translation jobs waiting for the translator.",
    }),
    approvalsPending: new Gauge({
      ...metric,
      name: "dcp_payment_approvals_pending",
      help: "Payments awaiting their approvals, by kind (delivery_request, refund).",
      labelNames: ["kind"] as const,
    }),
    approvalsOldestAge: new Gauge({
      ...metric,
      name: "dcp_payment_approval_oldest_age_seconds",
      help: "How long the oldest payment awaiting its approvals has waited, by kind.",
      labelNames: ["kind"] as const,
    }),
    budgetReserved: new Gauge({
      ...metric,
      name: "dcp_budget_reserved_minor_units",
      help: "Reserved on budgets (sent or awaiting approval, not yet delivered), in minor units, by unit.",
      labelNames: ["unit"] as const,
    }),
  };
}

type Instruments = ReturnType<typeof createInstruments>;
const shared = globalThis as unknown as { portalMetrics?: Instruments };

/** This process's instruments, made on first use. */
export function metrics(): Instruments {
  shared.portalMetrics ??= createInstruments();
  return shared.portalMetrics;
}
