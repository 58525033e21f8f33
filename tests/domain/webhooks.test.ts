/**
 * Webhook delivery from the outbox to real HTTP receivers on loopback, on the real database. The
 * dispatcher's clock is injected: test events are due in the year 2000, so these runs never touch
 * other tests' events and retries are checked against the schedule without sleeping.
 */
import { randomUUID } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import type { WebhookAuth } from "@/lib/contract/subscription";
import { createProvider } from "@/lib/domain/api-keys";
import { subscribe } from "@/lib/domain/subscriptions";
import { replayEvent } from "@/lib/domain/webhook-events";
import { runDueWebhookDeliveries } from "@/lib/jobs/webhook-dispatcher";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "@/lib/webhooks/schedule";
import { USER_AGENT } from "@/lib/webhooks/signing";
import {
  startWebhookReceiver,
  verifyStandardWebhook,
  verifyXSignature,
} from "../../scripts/webhook-receiver/receiver";
import { openTestDb } from "../support/test-db";

const database = openTestDb();
const T0 = new Date("2000-01-01T00:00:00Z");
const at = (ms: number) => new Date(T0.getTime() + ms);
const SETTINGS = { allowPrivateAddresses: true, timeoutMs: 3_000, leaseMs: 60_000, pollMs: 100 };
const run = (now: Date, settings = SETTINGS) => runDueWebhookDeliveries(now, 50, settings);
const EVENT_TYPE = "DELIVERY_CHANNEL_STATUS_UPDATED";

let providerId: string;
beforeAll(async () => {
  providerId = (await createProvider(`Webhook receiver ${randomUUID()}`)).id;
});

const closers: Array<() => Promise<void>> = [];
afterEach(async () => {
  while (closers.length) await closers.pop()!();
  // What a test left due must not reach the next test's receiver.
  await database()
    .db()
    .outboxEvent.updateMany({
      where: { providerId, state: "PENDING" },
      data: { state: "SKIPPED", lastError: "test over" },
    });
});

async function receiver(options: Parameters<typeof startWebhookReceiver>[0] = {}) {
  const started = await startWebhookReceiver(options);
  closers.push(started.close);
  return started;
}

async function subscribeTo(callbackUrl: string, auth: WebhookAuth | null = null) {
  await subscribe(providerId, { eventType: EVENT_TYPE, callbackUrl, auth });
}

async function queueEvent(
  payload: Record<string, unknown> = {
    providerDeliveryChannelId: randomUUID(),
    status: "Approved",
    message: "",
  },
) {
  return database()
    .db()
    .outboxEvent.create({
      data: { providerId, eventType: EVENT_TYPE, payload: JSON.stringify(payload), nextAttemptAt: T0 },
    });
}

const eventRow = (id: string) =>
  database()
    .db()
    .outboxEvent.findUniqueOrThrow({
      where: { id },
      include: { deliveryAttempts: { orderBy: { startedAt: "asc" } } },
    });

describe("each auth type sends exactly its headers", () => {
  const common = (eventId: string, headers: Record<string, unknown>) => {
    expect(headers["content-type"]).toBe("application/json");
    expect(headers["user-agent"]).toBe(USER_AGENT);
    expect(headers["webhook-id"]).toBe(eventId);
    expect(Math.abs(Number(headers["webhook-timestamp"]) - Date.now() / 1000)).toBeLessThan(60);
  };

  it("hmac: x-signature over the raw body and a Standard Webhooks signature, both verifiable", async () => {
    const secret = "s3cret-of-the-provider";
    const target = await receiver({ secret });
    await subscribeTo(`${target.url}/hooks`, { type: "hmac", secret });
    const event = await queueEvent();
    await run(at(0));

    const [callback] = target.received;
    expect(callback!.rawBody).toBe(event.payload);
    common(event.id, callback!.headers);
    expect(verifyXSignature(secret, callback!.rawBody, callback!.headers["x-signature"] as string)).toBe(
      true,
    );
    expect(verifyStandardWebhook(secret, callback!.rawBody, callback!.headers)).toBe(true);
    expect(
      verifyXSignature("another secret", callback!.rawBody, callback!.headers["x-signature"] as string),
    ).toBe(false);
    expect(callback!.headers.authorization).toBeUndefined();

    const row = await eventRow(event.id);
    expect(row).toMatchObject({ state: "DELIVERED", attempts: 1 });
    expect(row.deliveryAttempts).toEqual([
      expect.objectContaining({
        httpStatus: 200,
        responseSnippet: expect.stringContaining("Callback successfully received"),
      }),
    ]);
  });

  it("header: the configured header and value, no signatures", async () => {
    const target = await receiver();
    await subscribeTo(target.url, { type: "header", headerName: "X-Api-Token", headerValue: "token-123" });
    const event = await queueEvent();
    await run(at(0));
    const headers = target.received[0]!.headers;
    common(event.id, headers);
    expect(headers["x-api-token"]).toBe("token-123");
    expect(headers["x-signature"]).toBeUndefined();
    expect(headers["webhook-signature"]).toBeUndefined();
  });

  it("basic: Authorization Basic base64(username:password)", async () => {
    const target = await receiver();
    await subscribeTo(target.url, { type: "basic", username: "acme", password: "pa:ss" });
    const event = await queueEvent();
    await run(at(0));
    const headers = target.received[0]!.headers;
    common(event.id, headers);
    expect(headers.authorization).toBe(`Basic ${Buffer.from("acme:pa:ss").toString("base64")}`);
  });

  it("none: no authentication header at all", async () => {
    const target = await receiver();
    await subscribeTo(target.url, null);
    const event = await queueEvent();
    await run(at(0));
    const headers = target.received[0]!.headers;
    common(event.id, headers);
    for (const name of ["authorization", "x-signature", "webhook-signature"])
      expect(headers[name]).toBeUndefined();
  });
});

describe("retries", () => {
  it("follow the schedule with the same payload and webhook-id, then the event is FAILED and replayable", async () => {
    const target = await receiver({ onCallback: () => 500 });
    await subscribeTo(target.url);
    const event = await queueEvent();
    let clock = 0;
    await run(at(clock));
    for (const [index, delay] of RETRY_DELAYS_MS.entries()) {
      const due = (await eventRow(event.id)).nextAttemptAt.getTime() - at(clock).getTime();
      expect(due, `delay after attempt ${index + 1}`).toBeGreaterThanOrEqual(delay * 0.9);
      expect(due).toBeLessThanOrEqual(delay * 1.1);
      expect(await run(at(clock + due - 1))).toBe(0); // not before it is due
      clock += due;
      expect(await run(at(clock))).toBe(1);
    }
    const failed = await eventRow(event.id);
    expect(failed).toMatchObject({ state: "FAILED", attempts: MAX_ATTEMPTS, lastError: "HTTP 500" });
    expect(failed.deliveryAttempts).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(target.received.map((callback) => callback.rawBody))).toEqual(new Set([event.payload]));
    expect(new Set(target.received.map((callback) => callback.webhookId))).toEqual(new Set([event.id]));

    await replayEvent(providerId, event.id, at(clock));
    expect(await eventRow(event.id)).toMatchObject({ state: "PENDING", attempts: 0 });
  });

  it("honour Retry-After on 429 when it asks for longer than the schedule", async () => {
    const target = await receiver({ onCallback: () => 429 });
    const retryAfter = createServer((_request, response) =>
      response.writeHead(429, { "retry-after": "120" }).end(),
    );
    await new Promise<void>((resolve) => retryAfter.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => retryAfter.close(() => resolve())));
    await subscribeTo(`http://127.0.0.1:${(retryAfter.address() as AddressInfo).port}/`);
    const event = await queueEvent();
    await run(at(0));
    const due = (await eventRow(event.id)).nextAttemptAt.getTime() - T0.getTime();
    expect(due).toBe(120_000);
    expect(target.received).toHaveLength(0);
  });

  it("a receiver that is down, then up, gets every event exactly once", async () => {
    const down = await receiver();
    const port = Number(new URL(down.url).port);
    await subscribeTo(down.url);
    await closers.pop()!(); // nothing listens on that port now
    const events = await Promise.all(Array.from({ length: 5 }, () => queueEvent()));
    await run(at(0));
    for (const event of events) expect((await eventRow(event.id)).state).toBe("PENDING");

    const up = await receiver({ port });
    await run(at(RETRY_DELAYS_MS[0]! * 1.1));
    expect(up.received.map((callback) => callback.webhookId).sort()).toEqual(
      events.map((event) => event.id).sort(),
    );
    await run(at(RETRY_DELAYS_MS[1]! * 2));
    expect(up.received).toHaveLength(5);
  });
});

it("a crashed worker's claim expires with its lease, and the event is sent then", async () => {
  const target = await receiver();
  await subscribeTo(target.url);
  const event = await queueEvent();
  // A worker claimed the event and died before sending it: only its claim remains.
  await database()
    .db()
    .outboxEvent.update({
      where: { id: event.id },
      data: { claimToken: "dead-worker", lockedUntil: at(60_000) },
    });
  expect(await run(at(59_999))).toBe(0);
  expect(await run(at(60_001))).toBe(1);
  expect(await eventRow(event.id)).toMatchObject({ state: "DELIVERED", claimToken: null });
  expect(target.received).toHaveLength(1);
});

describe("what stops deliveries", () => {
  it("410 Gone disables the subscription; later events are skipped until the provider subscribes again", async () => {
    const target = await receiver({ onCallback: () => 410 });
    await subscribeTo(target.url);
    const gone = await queueEvent();
    await run(at(0));
    expect(await eventRow(gone.id)).toMatchObject({ state: "FAILED", lastError: "HTTP 410" });
    const subscription = await database()
      .db()
      .subscription.findUniqueOrThrow({
        where: { providerId_eventType: { providerId, eventType: EVENT_TYPE } },
      });
    expect(subscription.disabledReason).toBe("The receiver answered 410 Gone");

    const later = await queueEvent();
    await run(at(1000));
    expect(await eventRow(later.id)).toMatchObject({
      state: "SKIPPED",
      lastError: "The subscription is disabled",
    });
    expect(target.received).toHaveLength(1);

    const healthy = await receiver();
    await subscribeTo(healthy.url);
    await replayEvent(providerId, later.id, at(2000));
    await run(at(2000));
    expect(healthy.received.map((callback) => callback.webhookId)).toEqual([later.id]);
  });

  it("a subscription failing every attempt for 5 days is disabled", async () => {
    const target = await receiver({ onCallback: () => 500 });
    await subscribeTo(target.url);
    await queueEvent();
    await run(at(0));
    const fiveDaysLater = 5 * 24 * 60 * 60_000;
    const late = await database()
      .db()
      .outboxEvent.create({
        data: { providerId, eventType: EVENT_TYPE, payload: "{}", nextAttemptAt: at(fiveDaysLater) },
      });
    await run(at(fiveDaysLater));
    expect((await eventRow(late.id)).attempts).toBe(1);
    const subscription = await database()
      .db()
      .subscription.findUniqueOrThrow({
        where: { providerId_eventType: { providerId, eventType: EVENT_TYPE } },
      });
    expect(subscription.disabledReason).toBe("Every delivery failed for 5 days");
  });

  it("a redirect is not followed", async () => {
    const elsewhere = await receiver();
    const redirecting = await receiver({ onCallback: () => 307 });
    // The receiver answers 307 without a Location its client could follow anyway; add one.
    const server = createServer((_request, response) =>
      response.writeHead(307, { location: elsewhere.url }).end(),
    );
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => server.close(() => resolve())));
    await subscribeTo(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
    const event = await queueEvent();
    await run(at(0));
    expect(elsewhere.received).toHaveLength(0);
    expect(redirecting.received).toHaveLength(0);
    expect(await eventRow(event.id)).toMatchObject({ state: "PENDING", lastError: "HTTP 307" });
  });

  it("a private address is refused when the setting is off", async () => {
    const target = await receiver();
    await subscribeTo(target.url);
    const event = await queueEvent();
    await run(at(0), { ...SETTINGS, allowPrivateAddresses: false });
    expect(target.received).toHaveLength(0);
    const row = await eventRow(event.id);
    expect(row.deliveryAttempts[0]).toMatchObject({
      httpStatus: null,
      error: expect.stringMatching(/^Refused: the callback address is private/),
    });
  });
});
