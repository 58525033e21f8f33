/**
 * `npm run bench:webhooks`: how fast the dispatcher delivers outbox events to a local receiver, and
 * the time from an approval's commit to its callback, on a fresh database (SQLite by default; pass
 * DATABASE_URL=postgresql://… for PostgreSQL). The baseline, measured in the same run against the
 * same receiver, is plain keep-alive node:http POSTs at the dispatcher's concurrency: the machine's
 * limit for this work, so the ratio says what the outbox, leases and logging cost.
 *
 *   npm run bench:webhooks -- [--events 3000] [--approvals 200]
 */
import { rmSync } from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { parseArgs } from "node:util";
import { operatorActor } from "../lib/domain/permissions";

const OPERATOR = operatorActor("bench-webhooks");

const { values } = parseArgs({
  options: { events: { type: "string", default: "3000" }, approvals: { type: "string", default: "200" } },
});
const EVENTS = Number(values.events);
const APPROVALS = Number(values.approvals);
const CONCURRENCY = 16; // the dispatcher's claims per round
const ROOT = path.resolve(import.meta.dirname, "..");

if (!process.env.DATABASE_URL) {
  const file = path.join(ROOT, "data", "bench", "webhooks.db");
  for (const suffix of ["", "-wal", "-shm", "-journal"]) rmSync(file + suffix, { force: true });
  process.env.DATABASE_URL = `file:./${path.relative(ROOT, file)}`;
}
process.env.LOG_LEVEL ??= "error";
const { applyMigrations } = await import("../server/apply-migrations");
await applyMigrations(ROOT);
const { db, disconnectDb } = await import("../lib/db");
const { createProvider } = await import("../lib/domain/providers");
const { subscribe } = await import("../lib/domain/webhooks");
const { payloadPreviewOf } = await import("../lib/domain/webhooks");
const { requestChannelCreate } = await import("../lib/domain/channels");
const { decideChannelRequest } = await import("../lib/domain/channels");
const { startWebhookDispatcher } = await import("../lib/jobs/webhook-dispatcher");

/** A receiver that answers 200 at once and tells who is waiting for a given channel's callback. */
async function startReceiver() {
  let received = 0;
  const waiting = new Map<string, () => void>();
  const server = http.createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      received++;
      response.writeHead(200, { "content-type": "application/json" }).end('{"status":"success"}');
      const channelId = /"providerDeliveryChannelId":"([^"]+)"/.exec(body)?.[1];
      if (channelId) waiting.get(channelId)?.();
    });
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
    received: () => received,
    waitFor: (channelId: string) => new Promise<void>((resolve) => waiting.set(channelId, resolve)),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

async function baselinePostsPerSecond(url: string, count: number): Promise<number> {
  const agent = new http.Agent({ keepAlive: true });
  const body = JSON.stringify({ providerDeliveryChannelId: "baseline", status: "Approved", message: "" });
  const post = () =>
    new Promise<void>((resolve, reject) => {
      const request = http.request(
        url,
        { method: "POST", agent, headers: { "content-type": "application/json" } },
        (response) => {
          response.resume().on("end", resolve);
        },
      );
      request.on("error", reject).end(body);
    });
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next++ < count) await post();
    }),
  );
  agent.destroy();
  return count / ((performance.now() - started) / 1000);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;

async function main() {
  const receiver = await startReceiver();
  const settings = { allowPrivateAddresses: true, timeoutMs: 15_000, leaseMs: 60_000, pollMs: 500 };
  const provider = await createProvider(OPERATOR, "Webhook bench");
  await subscribe(operatorActor("bench-webhooks", provider.id), {
    eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
    callbackUrl: receiver.url,
    auth: { type: "hmac", secret: "bench-secret" },
  });

  await baselinePostsPerSecond(receiver.url, 500); // warm-up
  const baseline = await baselinePostsPerSecond(receiver.url, EVENTS);

  const payload = JSON.stringify({ providerDeliveryChannelId: "bulk", status: "Approved", message: "" });
  await db().outboxEvent.createMany({
    data: Array.from({ length: EVENTS }, () => ({
      providerId: provider.id,
      eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
      payload,
      payloadPreview: payloadPreviewOf(payload),
    })),
  });
  const before = receiver.received();
  const started = performance.now();
  const stop = startWebhookDispatcher(settings);
  while (receiver.received() - before < EVENTS) await new Promise((resolve) => setTimeout(resolve, 5));
  const throughput = EVENTS / ((performance.now() - started) / 1000);

  // Approval → callback: the dispatcher in this process is nudged by the commit (the embedded setup).
  const latencies: number[] = [];
  for (let i = 0; i < APPROVALS; i++) {
    const channelId = `bench-${i}-${Date.now()}`;
    await requestChannelCreate(operatorActor("bench-webhooks", provider.id), {
      providerDeliveryChannelId: channelId,
      name: { language: "EN", translation: "Bench channel" },
      landingPage: "www.example.org",
      availability: { categoriesSupported: ["CASH"] },
    });
    const request = await db().channelRequest.findFirstOrThrow({
      where: { channel: { providerDeliveryChannelId: channelId } },
    });
    const arrived = receiver.waitFor(channelId);
    const t0 = performance.now();
    await decideChannelRequest(OPERATOR, request.id, { approve: true });
    await arrived;
    latencies.push(performance.now() - t0);
  }
  await stop();
  await receiver.close();
  await disconnectDb();

  latencies.sort((a, b) => a - b);
  const kind = process.env.DATABASE_URL!.startsWith("file:") ? "SQLite" : "PostgreSQL";
  console.log(
    `\nWebhook delivery on ${kind} (${EVENTS} events, ${CONCURRENCY} concurrent, hmac-signed; ${APPROVALS} approvals)`,
  );
  console.table({
    "baseline: bare keep-alive POSTs": { "per second": Math.round(baseline), "vs baseline": "100%" },
    "dispatcher: outbox → receiver": {
      "per second": Math.round(throughput),
      "vs baseline": `${((throughput / baseline) * 100).toFixed(1)}%`,
    },
  });
  console.log(
    `approval commit → callback received: p50 ${percentile(latencies, 0.5).toFixed(1)} ms, ` +
      `p99 ${percentile(latencies, 0.99).toFixed(1)} ms (includes the decision's transaction)`,
  );
}

await main();
