/**
 * Webhook delivery to real HTTP receivers (see tests/support/webhooks/webhook-harness.ts): retries on the
 * schedule, an expired claim, and what stops deliveries (410, five days of failures, redirects,
 * private addresses).
 */

import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { replayEvent } from "@/lib/domain/webhooks";
import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from "@/lib/webhooks/schedule";
import { eventActor } from "../../support/users/actors";
import {
  at,
  closers,
  EVENT_TYPE,
  eventRow,
  openWebhookHarness,
  providerId,
  queueEvent,
  receiver,
  run,
  SETTINGS,
  subscribeTo,
  T0,
} from "../../support/webhooks/webhook-harness";

const database = openWebhookHarness();

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

    await replayEvent(eventActor(providerId), event.id, at(clock));
    expect(await eventRow(event.id)).toMatchObject({ state: "PENDING", attempts: 0 });
  });

  it("honour Retry-After on 429 when it asks for longer than the schedule", async () => {
    // Counts only this test's event: a port the OS hands out again may still get another file's retry.
    const attempts: string[] = [];
    const retryAfter = createServer((request, response) => {
      attempts.push(String(request.headers["webhook-id"]));
      response.writeHead(429, { "retry-after": "120" }).end();
    });
    await new Promise<void>((resolve) => retryAfter.listen(0, "127.0.0.1", resolve));
    closers.push(() => new Promise((resolve) => retryAfter.close(() => resolve())));
    await subscribeTo(`http://127.0.0.1:${(retryAfter.address() as AddressInfo).port}/`);
    const event = await queueEvent();
    await run(at(0));
    const due = (await eventRow(event.id)).nextAttemptAt.getTime() - T0.getTime();
    expect(due).toBe(120_000);
    expect(attempts.filter((id) => id === event.id)).toHaveLength(1);
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
    await replayEvent(eventActor(providerId), later.id, at(2000));
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
