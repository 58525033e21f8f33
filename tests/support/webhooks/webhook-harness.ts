/**
 * Webhook delivery from the outbox to real HTTP receivers on loopback, on the real database, for
 * tests/domain/webhooks/webhooks*.test.ts, each file on a database of its own. The dispatcher's clock is
 * injected: test events are due in the year 2000, and retries are checked against the schedule
 * without sleeping.
 */

import { randomUUID } from "node:crypto";
import { afterEach, beforeAll } from "vitest";
import type { WebhookAuth } from "../../../lib/contract/subscription";
import { db } from "../../../lib/db";
import { createProvider } from "../../../lib/domain/providers";
import { subscribe } from "../../../lib/domain/webhooks";
import { runDueWebhookDeliveries } from "../../../lib/jobs/webhook-dispatcher";
import { startWebhookReceiver } from "../../../scripts/webhook-receiver/receiver";
import { openOwnDatabase } from "../server/own-database";
import { ADMIN, providerActor } from "../users/actors";

export const T0 = new Date("2000-01-01T00:00:00Z");
export const at = (ms: number) => new Date(T0.getTime() + ms);
export const SETTINGS = { allowPrivateAddresses: true, timeoutMs: 3_000, leaseMs: 60_000, pollMs: 100 };
export const run = (now: Date, settings = SETTINGS) => runDueWebhookDeliveries(now, 50, settings);
export const EVENT_TYPE = "DELIVERY_CHANNEL_STATUS_UPDATED";

/** What closes each receiver a test started; emptied after each test. */
export const closers: Array<() => Promise<void>> = [];
/** The provider whose events the file's tests queue (a live binding, set before the tests). */
export let providerId: string;

/**
 * Opens a database of the file's own and sets up the provider; after each test, closes and skips what
 * is left. Its own, because the dispatcher claims every due event of its database: on the shared one,
 * two files' runs would deliver each other's events (and stale ones to ports the OS handed out again).
 */
export function openWebhookHarness() {
  const own = openOwnDatabase();
  const database = () => ({ db: own.db });
  beforeAll(async () => {
    providerId = (await createProvider(ADMIN, `Webhook receiver ${randomUUID()}`)).id;
  });
  afterEach(async () => {
    while (closers.length) await closers.pop()!();
    // What a test left due must not reach the next test's receiver.
    await db().outboxEvent.updateMany({
      where: { providerId, state: "PENDING" },
      data: { state: "SKIPPED", lastError: "test over" },
    });
  });
  return database;
}

export async function receiver(options: Parameters<typeof startWebhookReceiver>[0] = {}) {
  const started = await startWebhookReceiver(options);
  closers.push(started.close);
  return started;
}

export async function subscribeTo(callbackUrl: string, auth: WebhookAuth | null = null) {
  await subscribe(providerActor(providerId), { eventType: EVENT_TYPE, callbackUrl, auth });
}

export async function queueEvent(
  payload: Record<string, unknown> = {
    providerDeliveryChannelId: randomUUID(),
    status: "Approved",
    message: "",
  },
) {
  return db().outboxEvent.create({
    data: { providerId, eventType: EVENT_TYPE, payload: JSON.stringify(payload), nextAttemptAt: T0 },
  });
}

export const eventRow = (id: string) =>
  db().outboxEvent.findUniqueOrThrow({
    where: { id },
    include: { deliveryAttempts: { orderBy: { startedAt: "asc" } } },
  });
