/**
 * GET /metrics (issue 34, item 3), over a real server: off without METRICS_TOKEN, then only with its
 * bearer token; after a scripted workload, parsed by a Prometheus text parser, each listed series is
 * present and moves as the workload says — API calls by route and status, an idempotent replay, a
 * rate-limit refusal, a send's reservation, a payment awaiting approval, webhook attempts to a live
 * and to a dead receiver, whose event then ages in the backlog; the example alert rules name only
 * served series. A worker's own metrics and two instances: metrics-instances.test.ts.
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { parse as parseYaml } from "yaml";
import { startWebhookReceiver } from "../../../scripts/webhook-receiver/receiver";
import { type Families, scrapeMetrics, seriesValue } from "../../support/http/prometheus-text";
import { ownServer } from "../../support/server/own-server";
import { freePort } from "../../support/server/test-server";
import { providerActor } from "../../support/users/actors";

const TOKEN = `metrics-${randomUUID()}`;
const SETTINGS = {
  METRICS_TOKEN: TOKEN,
  API_RATE_LIMIT: "30",
  AUTH_SIGN_IN_PER_MINUTE: "5",
  WEBHOOK_POLL_MS: "100",
  WEBHOOK_ALLOW_PRIVATE_URLS: "true",
  LOG_LEVEL: "warn",
};
const own = ownServer(SETTINGS);
const sharedDatabaseUrl = process.env.DATABASE_URL;

const scrape = (baseUrl = own.server().baseUrl) => scrapeMetrics(baseUrl, TOKEN);

async function api(path: string, key: string, body: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${own.server().baseUrl}${path}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
  await response.arrayBuffer();
  return response.status;
}

const CREATE_ROUTE = { http_route: "/api/DeliveryChannel/Create", http_request_method: "POST" };
const receivers: Array<() => Promise<void>> = [];

/** The project's webhook receiver on loopback (it answers 200); its URL. */
async function liveReceiver(): Promise<string> {
  const started = await startWebhookReceiver();
  receivers.push(started.close);
  return `${started.url}/hooks`;
}

beforeAll(async () => {
  await (await import("../../../lib/db")).disconnectDb();
  process.env.DATABASE_URL = own.databaseUrl();
});

afterAll(async () => {
  for (const close of receivers) await close();
  await (await import("../../../lib/db")).disconnectDb();
  process.env.DATABASE_URL = sharedDatabaseUrl;
});

describe("GET /metrics", () => {
  it("is off (404) on a server without METRICS_TOKEN", async () => {
    const response = await fetch(`${inject("baseUrl")}/metrics`, {
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.status).toBe(404);
    expect(await response.text()).toBe("Metrics are off: set METRICS_TOKEN to serve them.\n");
  });

  it("answers only with the bearer token: 401 without it or with another, never cached", async () => {
    const url = `${own.server().baseUrl}/metrics`;
    for (const authorization of [undefined, "Bearer wrong", `Basic ${TOKEN}`, `Bearer ${TOKEN}x`]) {
      const response = await fetch(url, { headers: authorization ? { authorization } : {} });
      expect(response.status, authorization).toBe(401);
      expect(response.headers.get("www-authenticate")).toBe("Bearer");
    }
    const response = await fetch(url, { headers: { authorization: `bearer ${TOKEN}` } });
    expect(response.status).toBe(200);
    expect(response.headers.get("cache-control")).toBe("no-store");
    expect((await fetch(url, { method: "POST", headers: { authorization: `Bearer ${TOKEN}` } })).status).toBe(
      405,
    );
  });

  it("lists every series the runbook names, with process memory and event-loop lag", async () => {
    const families = await scrape();
    for (const name of [
      "http_server_request_duration_seconds_count",
      "http_server_active_requests",
      "dcp_outbox_due_events",
      "dcp_outbox_oldest_due_age_seconds",
      "dcp_outbox_pending_events",
      "dcp_outbox_oldest_pending_age_seconds",
      "dcp_webhook_subscriptions_disabled",
      "dcp_mail_pending_messages",
      "dcp_translation_pending_jobs",
      "dcp_payment_approvals_pending",
      "dcp_payment_approval_oldest_age_seconds",
      "dcp_stored_state_readable",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
      "nodejs_eventloop_lag_seconds",
    ])
      expect(families.has(name), name).toBe(true);
    expect(seriesValue(families, "dcp_stored_state_readable")).toBe(1);
    expect(seriesValue(families, "dcp_ready")).toBe(1);
    expect(seriesValue(families, "dcp_heap_size_limit_bytes")).toBeGreaterThan(0);
    // The scrape itself is in flight while it is read.
    expect(seriesValue(families, "http_server_active_requests")).toBeGreaterThanOrEqual(1);
  });

  it("counts API calls by route and status, idempotent replays and rate-limit refusals", async () => {
    const { seedProvider, channelBody } = await import("../../support/server/operations");
    const provider = await seedProvider(own.databaseUrl());
    process.env.DATABASE_URL = own.databaseUrl();
    const before = await scrape();
    const idempotencyKey = randomUUID();
    const body = channelBody(`metrics-${randomUUID()}`);
    const headers = { "idempotency-key": idempotencyKey };
    const first = await api("/api/DeliveryChannel/Create", provider.key, body, headers);
    expect(await api("/api/DeliveryChannel/Create", provider.key, body, headers)).toBe(first);
    expect(await api("/api/DeliveryChannel/Create", provider.key, { not: "a channel" })).toBe(400);
    // A request id in the path is not a label: the View's route is its template.
    await fetch(`${own.server().baseUrl}/api/DeliveryChannel/Get/${randomUUID()}`, {
      headers: { "x-api-key": provider.key },
    });
    let statuses: number[] = [];
    for (let call = 0; call < 32; call++)
      statuses.push(await api("/api/ClientSetting/GetLookUpValues", provider.key, { data: "Currency" }));
    statuses = statuses.filter((status) => status === 429);
    expect(statuses.length).toBeGreaterThan(0);

    const after = await scrape();
    const moved = (name: string, labels: Record<string, string> = {}) =>
      seriesValue(after, name, labels) - seriesValue(before, name, labels);
    expect(
      moved("http_server_request_duration_seconds_count", {
        ...CREATE_ROUTE,
        http_response_status_code: String(first),
      }),
    ).toBe(2);
    expect(
      moved("http_server_request_duration_seconds_count", {
        ...CREATE_ROUTE,
        http_response_status_code: "400",
      }),
    ).toBe(1);
    expect(
      moved("http_server_request_duration_seconds_count", {
        http_route: "/api/ClientSetting/GetLookUpValues",
        http_response_status_code: "429",
      }),
    ).toBe(statuses.length);
    expect(
      moved("http_server_request_duration_seconds_count", {
        http_route: "/api/DeliveryChannel/Get/{providerDeliveryChannelId}",
        http_response_status_code: "404",
      }),
    ).toBe(1);
    expect(moved("dcp_idempotent_replays_total")).toBe(1);
    expect(moved("dcp_rate_limit_refusals_total", { limit: "api_key" })).toBe(statuses.length);
  });

  it("a send raises the reservations; a payment awaiting approval is pending and ages; webhook attempts count by outcome, and a dead receiver's event ages in the backlog", async () => {
    const { programWithPolicy, send } = await import("../../support/money/approval-setup");
    const { subscribe } = await import("../../../lib/domain/webhooks");
    const before = await scrape();
    const setup = await programWithPolicy({ delivery: [100, 1] });
    await subscribe(providerActor(setup.providerId), {
      eventType: "DELIVERY_REQUEST_SENT",
      callbackUrl: await liveReceiver(),
      auth: null,
    });
    await send(setup, [40]);
    const awaiting = await send(setup, [150]);
    expect(awaiting).toMatchObject({ approvalState: "PENDING_APPROVAL" });

    // A second provider whose receiver is gone.
    const dead = await programWithPolicy({});
    await subscribe(providerActor(dead.providerId), {
      eventType: "DELIVERY_REQUEST_SENT",
      callbackUrl: `http://127.0.0.1:${await freePort()}/gone`,
      auth: null,
    });
    await send(dead, [10]);

    const after = await vi.waitFor(
      async () => {
        const families = await scrape();
        expect(
          seriesValue(families, "dcp_webhook_attempts_total", {
            outcome: "delivered",
            http_response_status_code: "200",
          }),
        ).toBeGreaterThanOrEqual(1);
        expect(
          seriesValue(families, "dcp_webhook_attempts_total", {
            outcome: "failed",
            http_response_status_code: "none",
          }),
        ).toBeGreaterThanOrEqual(1);
        expect(seriesValue(families, "dcp_outbox_oldest_pending_age_seconds")).toBeGreaterThanOrEqual(1);
        return families;
      },
      { timeout: 20_000, interval: 250 },
    );
    const moved = (name: string, labels: Record<string, string> = {}) =>
      seriesValue(after, name, labels) - seriesValue(before, name, labels);
    // Reserved: 40 sent and 150 awaiting approval on the program and on the channel (both in EUR
    // cents), and 10 on the second program and channel.
    expect(moved("dcp_budget_reserved_minor_units", { unit: "EUR" })).toBe((40 + 150 + 10) * 100 * 2);
    expect(moved("dcp_payment_approvals_pending", { kind: "delivery_request" })).toBe(1);
    expect(
      seriesValue(after, "dcp_payment_approval_oldest_age_seconds", { kind: "delivery_request" }),
    ).toBeGreaterThanOrEqual(0);
    // The dead receiver's event waits for its retry: not due, but not delivered either.
    expect(seriesValue(after, "dcp_outbox_pending_events")).toBeGreaterThanOrEqual(1);
  });

  it("the example alert rules name only series this server serves, each with a severity and a runbook", async () => {
    const served = new Set((await scrape()).keys());
    const file = parseYaml(readFileSync("deploy/prometheus/alerts.yaml", "utf8")) as {
      groups: {
        rules: {
          alert: string;
          expr: string;
          labels: { severity: string };
          annotations: Record<string, string>;
        }[];
      }[];
    };
    const rules = file.groups.flatMap((group) => group.rules);
    expect(rules.map((rule) => rule.alert)).toEqual(
      expect.arrayContaining([
        "WebhookBacklogStale",
        "WebhookFailureRateHigh",
        "PaymentApprovalWaiting",
        "InstanceNotReady",
        "HeapNearCap",
      ]),
    );
    for (const rule of rules) {
      const named = rule.expr.match(/\b(?:dcp|nodejs|process|http_server)_[a-z0-9_]+/g) ?? [];
      expect(named.length, rule.alert).toBeGreaterThan(0);
      // A histogram is served as <name>_bucket, _sum and _count.
      for (const name of named)
        expect(
          [name, `${name}_count`].some((series) => served.has(series)),
          `${rule.alert}: ${name}`,
        ).toBe(true);
      expect(["critical", "warning", "info"], rule.alert).toContain(rule.labels.severity);
      expect(rule.annotations.runbook, rule.alert).toMatch(/^docs\/[a-z-]+\.md/);
      expect(
        readFileSync(String(rule.annotations.runbook).split("#")[0]!, "utf8").length,
        rule.alert,
      ).toBeGreaterThan(0);
    }
  });

  it("counts sign-in refusals by the sign-in throttle apart from the API's", async () => {
    const before = await scrape();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 25 && !statuses.includes(429); attempt++) {
      const response = await fetch(`${own.server().baseUrl}/api/auth/sign-in/email`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: "nobody@example.org", password: "wrong-password-1" }),
      });
      await response.arrayBuffer();
      statuses.push(response.status);
    }
    expect(statuses).toContain(429);
    const after = await scrape();
    const refusals = (families: Families) =>
      seriesValue(families, "dcp_rate_limit_refusals_total", { limit: "sign_in" });
    expect(refusals(after) - refusals(before)).toBe(1);
  });
});
