/**
 * GET /metrics across processes (issue 34, item 3): a separate worker serves its own on
 * WORKER_METRICS_PORT with the same token; on PostgreSQL two app instances of one database each count
 * their own requests and report the same stored state. The endpoint's rules and the workload's
 * series are in metrics.test.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it, vi } from "vitest";
import { scrapeMetrics, seriesValue } from "../../support/http/prometheus-text";
import { ownServer } from "../../support/server/own-server";
import { freePort, type RunningServer, startServer } from "../../support/server/test-server";
import { startWorker } from "../../support/server/worker-process";

const TOKEN = `metrics-${randomUUID()}`;
const SETTINGS = { METRICS_TOKEN: TOKEN, LOG_LEVEL: "warn" };
const own = ownServer(SETTINGS);
const scrape = (baseUrl = own.server().baseUrl) => scrapeMetrics(baseUrl, TOKEN);

describe("GET /metrics across processes", () => {
  it("a separate worker serves its own, with the same token, on WORKER_METRICS_PORT", async () => {
    const port = await freePort();
    // At info: startWorker waits for the "worker started" line.
    const worker = await startWorker(own.databaseUrl(), {
      ...SETTINGS,
      LOG_LEVEL: "info",
      WORKER_METRICS_PORT: String(port),
    });
    try {
      const workerUrl = `http://127.0.0.1:${port}`;
      await vi.waitFor(async () => expect((await fetch(`${workerUrl}/metrics`)).status).toBe(401), {
        timeout: 10_000,
      });
      const families = await scrape(workerUrl);
      expect(seriesValue(families, "dcp_stored_state_readable")).toBe(1);
      expect(families.has("dcp_outbox_pending_events")).toBe(true);
      expect((await fetch(`${workerUrl}/elsewhere`)).status).toBe(404);
    } finally {
      await worker.stop();
    }
  });

  describe.runIf(inject("databaseKind") === "postgres")("on two instances of one PostgreSQL database", () => {
    let second: RunningServer;
    beforeAll(async () => {
      second = await startServer(own.databaseUrl(), "production", SETTINGS);
    }, 120_000);
    afterAll(async () => second?.stop());

    it("each counts its own requests, and both report the same stored state", async () => {
      const label = { http_route: "/api/health/live", http_response_status_code: "200" };
      const [firstBefore, secondBefore] = [await scrape(), await scrape(second.baseUrl)];
      for (let call = 0; call < 3; call++)
        await (await fetch(`${second.baseUrl}/api/health/live`)).arrayBuffer();
      const [firstAfter, secondAfter] = [await scrape(), await scrape(second.baseUrl)];
      expect(
        seriesValue(secondAfter, "http_server_request_duration_seconds_count", label) -
          seriesValue(secondBefore, "http_server_request_duration_seconds_count", label),
      ).toBe(3);
      expect(seriesValue(firstAfter, "http_server_request_duration_seconds_count", label)).toBe(
        seriesValue(firstBefore, "http_server_request_duration_seconds_count", label),
      );
      for (const name of [
        "dcp_budget_reserved_minor_units",
        "dcp_payment_approvals_pending",
        "dcp_outbox_pending_events",
      ])
        expect(seriesValue(secondAfter, name), name).toBe(seriesValue(firstAfter, name));
    });
  });
});
