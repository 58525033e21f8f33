/**
 * The delivery log and what people do with it, on the real database: a provider sees only its own
 * events, replays restart a round with the same event id, a period's failed events are replayed
 * together, and test events need a subscription.
 */

import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { DomainError } from "@/lib/domain/errors";
import { createProvider } from "@/lib/domain/providers";
import {
  deliveryLog,
  replayEvent,
  replayFailedEvents,
  sendExampleEvent,
  subscribe,
} from "@/lib/domain/webhooks";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, eventActor, providerActor } from "../../support/users/actors";

const database = openTestDb();
const EVENT_TYPE = "DELIVERY_CHANNEL_STATUS_UPDATED";
let mine: string;
let theirs: string;

beforeAll(async () => {
  mine = (await createProvider(ADMIN, `Log owner ${randomUUID()}`)).id;
  theirs = (await createProvider(ADMIN, `Someone else ${randomUUID()}`)).id;
});

const event = (providerId: string, state: string, createdAt = new Date(), eventType = EVENT_TYPE) =>
  database()
    .db()
    .outboxEvent.create({
      // Due far in the future: no dispatcher run of another test file touches these.
      data: {
        providerId,
        eventType,
        payload: "{}",
        state,
        createdAt,
        nextAttemptAt: new Date("2999-01-01"),
        attempts: 3,
      },
    });

describe("the delivery log", () => {
  it("shows a provider its own events only, filtered by type and outcome, newest first", async () => {
    const failed = await event(mine, "FAILED");
    const delivered = await event(mine, "DELIVERED");
    await event(theirs, "FAILED");
    const all = await deliveryLog(eventActor(mine), {});
    expect(all.events.map((e) => e.id)).toEqual([delivered.id, failed.id]);
    expect(all.total).toBe(2);
    expect((await deliveryLog(eventActor(mine), { outcome: "FAILED" })).events.map((e) => e.id)).toEqual([
      failed.id,
    ]);
    expect((await deliveryLog(eventActor(mine), { eventType: "DELIVERY_REQUEST_SENT" })).total).toBe(0);
    // Administrators (null) see every provider's.
    expect(
      (await deliveryLog(eventActor(null), { outcome: "FAILED", pageSize: 1000 })).events.map(
        (e) => e.providerId,
      ),
    ).toEqual(expect.arrayContaining([mine, theirs]));
  });
});

describe("replays", () => {
  it("restart one finished event's round; another provider's event is not found", async () => {
    const failed = await event(mine, "FAILED");
    const now = new Date();
    await replayEvent(eventActor(mine), failed.id, now);
    expect(
      await database()
        .db()
        .outboxEvent.findUniqueOrThrow({ where: { id: failed.id } }),
    ).toMatchObject({
      state: "PENDING",
      attempts: 0,
      nextAttemptAt: now,
    });
    const foreign = await event(theirs, "FAILED");
    await expect(replayEvent(eventActor(mine), foreign.id)).rejects.toBeInstanceOf(DomainError);
    await expect(replayEvent(eventActor(mine), failed.id)).rejects.toBeInstanceOf(DomainError); // pending: on its way
  });

  it("of a period take every failed event created in it, and nothing else", async () => {
    const provider = (await createProvider(ADMIN, `Period ${randomUUID()}`)).id;
    const inside = await event(provider, "FAILED", new Date("2026-03-10T10:00:00Z"));
    const before = await event(provider, "FAILED", new Date("2026-03-09T23:59:59Z"));
    const deliveredInside = await event(provider, "DELIVERED", new Date("2026-03-10T11:00:00Z"));
    const count = await replayFailedEvents(
      eventActor(provider),
      new Date("2026-03-10T00:00:00Z"),
      new Date("2026-03-11T00:00:00Z"),
    );
    expect(count).toBe(1);
    const states = await database()
      .db()
      .outboxEvent.findMany({
        where: { id: { in: [inside.id, before.id, deliveredInside.id] } },
        select: { id: true, state: true },
      });
    expect(Object.fromEntries(states.map((s) => [s.id, s.state]))).toEqual({
      [inside.id]: "PENDING",
      [before.id]: "FAILED",
      [deliveredInside.id]: "DELIVERED",
    });
  });
});

describe("test events", () => {
  it("need a subscription, then queue the event type's payload shape", async () => {
    const provider = (await createProvider(ADMIN, `Tester ${randomUUID()}`)).id;
    await expect(sendExampleEvent(providerActor(provider), EVENT_TYPE)).rejects.toThrow("Subscribe to");
    await expect(sendExampleEvent(providerActor(provider), "NULL")).rejects.toBeInstanceOf(DomainError);
    await subscribe(providerActor(provider), {
      eventType: EVENT_TYPE,
      callbackUrl: "https://receiver.example/hooks",
      auth: null,
    });
    const { id } = await sendExampleEvent(providerActor(provider), EVENT_TYPE);
    const row = await database().db().outboxEvent.findUniqueOrThrow({ where: { id } });
    expect(Object.keys(JSON.parse(row.payload)).sort()).toEqual(
      ["message", "providerDeliveryChannelId", "requestType", "requestedDate", "status"].sort(),
    );
  });
});
