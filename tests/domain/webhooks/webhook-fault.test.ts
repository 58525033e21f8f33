/**
 * The at-least-once promise under crashes: N events are queued, worker processes (`npm run worker`)
 * are killed with SIGKILL at random moments during delivery and restarted, and in the end every
 * event has reached the receiver; a duplicate carries the same webhook-id and body. On PostgreSQL
 * three workers run at once and no event is ever being delivered by two of them at the same time.
 * Runs on its own fresh database so that no other test's events are involved.
 */

import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { expect, inject, it } from "vitest";
import { startWebhookReceiver } from "../../../scripts/webhook-receiver/receiver";
import { openOwnDatabase } from "../../support/server/own-database";
import { ROOT } from "../../support/server/test-server";
import { providerActor } from "../../support/users/actors";

const N = 400;
const KILLS = Number(process.env.FAULT_KILLS ?? 6);
const kind = inject("databaseKind");
const WORKERS = kind === "postgres" ? 3 : 1;
const LEASE_MS = 2_000;

const database = openOwnDatabase();

function startWorker(): ChildProcess {
  return spawn(process.execPath, ["--import", "tsx", "scripts/worker.ts"], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: database.url(),
      WEBHOOK_ALLOW_PRIVATE_URLS: "true",
      WEBHOOK_LEASE_MS: String(LEASE_MS),
      WEBHOOK_TIMEOUT_MS: "1000",
      WEBHOOK_POLL_MS: "50",
      LOG_LEVEL: process.env.FAULT_LOG_LEVEL ?? "fatal",
    },
    stdio: process.env.FAULT_LOG_LEVEL ? "inherit" : "ignore",
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

it(`delivers every one of ${N} events despite ${KILLS} SIGKILLs of the workers`, {
  timeout: 120_000,
}, async () => {
  // The receiver answers after a short delay, so that two overlapping deliveries of one event would show.
  const inFlight = new Map<string, number>();
  let overlaps = 0;
  const receiver = await startWebhookReceiver({
    onCallback: async ({ webhookId }) => {
      const id = webhookId ?? "";
      inFlight.set(id, (inFlight.get(id) ?? 0) + 1);
      if (inFlight.get(id)! > 1) overlaps++;
      await pause(100);
      inFlight.set(id, inFlight.get(id)! - 1);
      return 200;
    },
  });

  const db = database.db();
  const provider = await db.provider.create({ data: { name: "Fault test" } });
  const { subscribe } = await import("../../../lib/domain/webhooks");
  await subscribe(providerActor(provider.id), {
    eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
    callbackUrl: receiver.url,
    auth: null,
  });
  const events = Array.from({ length: N }, () => ({
    id: randomUUID(),
    providerId: provider.id,
    eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
    payload: JSON.stringify({ providerDeliveryChannelId: randomUUID(), status: "Approved", message: "" }),
  }));
  await db.outboxEvent.createMany({ data: events });

  const workers = Array.from({ length: WORKERS }, startWorker);
  try {
    // Kill while deliveries are under way: at evenly spaced points of the receiver's progress, so
    // the victim has callbacks in flight (a worker that is still starting up would prove nothing).
    for (let kill = 0; kill < KILLS; kill++) {
      const threshold = ((kill + 1) * N) / (KILLS + 1);
      while (receiver.received.length < threshold) await pause(10);
      const victim = Math.floor(Math.random() * workers.length);
      workers[victim]!.kill("SIGKILL");
      workers[victim] = startWorker();
    }
    const deadline = Date.now() + 90_000;
    while ((await db.outboxEvent.count({ where: { state: "DELIVERED" } })) < N && Date.now() < deadline) {
      await pause(200);
    }
  } finally {
    for (const worker of workers) worker.kill("SIGTERM");
    await receiver.close();
  }

  const bodies = new Map<string, Set<string>>();
  for (const callback of receiver.received) {
    const id = callback.webhookId ?? "";
    bodies.set(id, (bodies.get(id) ?? new Set()).add(callback.rawBody));
  }
  const delivered = await db.outboxEvent.count({ where: { state: "DELIVERED" } });
  const lost = events.filter((event) => !bodies.has(event.id));
  console.log(
    `${kind}: ${N} sent, ${bodies.size} received, ${lost.length} lost ` +
      `(${receiver.received.length - bodies.size} duplicates, ${WORKERS} workers, ${KILLS} kills, ${overlaps} concurrent deliveries of one event)`,
  );
  if (delivered < N) {
    const stuck = await db.outboxEvent.findMany({ where: { state: { not: "DELIVERED" } }, take: 3 });
    console.log("not delivered:", stuck, new Date());
  }
  expect(lost).toEqual([]);
  expect([...bodies.keys()].every((id) => events.some((event) => event.id === id))).toBe(true);
  for (const event of events) expect(bodies.get(event.id)).toEqual(new Set([event.payload]));
  expect(overlaps).toBe(0);
  expect(delivered).toBe(N);
});
