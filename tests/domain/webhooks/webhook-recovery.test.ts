/**
 * Re-enabling a disabled subscription, with "recover every event since", and the catalog's example
 * events, to real receivers (tests/support/webhooks/webhook-harness.ts): the right events are queued again
 * (this provider's, of this type, missed since then; never another provider's), within the bounds,
 * and an example arrives as the catalog shows it, marked by its webhook-id.
 */

import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { RECOVERY_MAX_EVENTS } from "@/lib/contract/forms/webhook-forms";
import { WEBHOOK_EXAMPLES } from "@/lib/contract/webhook-catalog";
import { db } from "@/lib/db";
import { createProvider } from "@/lib/domain/providers";
import { deliveryLog, reenableSubscription, sendExampleEvent, subscribe } from "@/lib/domain/webhooks";
import { ADMIN, providerActor } from "../../support/users/actors";
import {
  EVENT_TYPE,
  openWebhookHarness,
  providerId,
  queueEvent,
  receiver,
  run,
  subscribeTo,
} from "../../support/webhooks/webhook-harness";

openWebhookHarness();

const MINUTE = 60_000;
const ago = (now: Date, minutes: number) => new Date(now.getTime() - minutes * MINUTE);

/** An outbox row as the dispatcher would have left it, due far in the future unless re-queued. */
const row = (
  data: { state: string; createdAt: Date } & Partial<{
    providerId: string;
    eventType: string;
    lockedUntil: Date;
    claimToken: string;
  }>,
) =>
  db().outboxEvent.create({
    data: {
      providerId,
      eventType: EVENT_TYPE,
      payload: "{}",
      nextAttemptAt: new Date("2999-01-01"),
      ...data,
    },
  });

const subscriptionOf = (provider: string) =>
  db().subscription.findUniqueOrThrow({
    where: { providerId_eventType: { providerId: provider, eventType: EVENT_TYPE } },
  });
const disable = (provider: string) =>
  db().subscription.updateMany({
    where: { providerId: provider, eventType: EVENT_TYPE },
    data: { disabledAt: new Date(), disabledReason: "The receiver answered 410 Gone" },
  });

describe("re-enable", () => {
  it("clears the disabled state, and recovers this provider's missed events of the type since then", async () => {
    let status = 410;
    const target = await receiver({ onCallback: () => status });
    await subscribeTo(target.url);
    const gone = await queueEvent();
    await run(new Date());
    expect(await subscriptionOf(providerId)).toMatchObject({
      disabledReason: "The receiver answered 410 Gone",
    });

    const other = (await createProvider(ADMIN, `Other ${randomUUID()}`)).id;
    await subscribe(providerActor(other), { eventType: EVENT_TYPE, callbackUrl: target.url, auth: null });
    await disable(other);
    const now = new Date();
    const since = ago(now, 60);
    const failed = await row({ state: "FAILED", createdAt: ago(now, 30) });
    const skipped = await row({ state: "SKIPPED", createdAt: ago(now, 20) });
    const waiting = await row({ state: "PENDING", createdAt: ago(now, 15) });
    const leftAlone = [
      await row({ state: "DELIVERED", createdAt: ago(now, 10) }),
      await row({ state: "FAILED", createdAt: ago(now, 90) }),
      await row({ state: "FAILED", createdAt: ago(now, 30), eventType: "DELIVERY_REQUEST_SENT" }),
      await row({ state: "FAILED", createdAt: ago(now, 30), providerId: other }),
      // Under way: its worker still owns it.
      await row({
        state: "PENDING",
        createdAt: ago(now, 5),
        lockedUntil: new Date(now.getTime() + 60 * MINUTE),
        claimToken: "a worker's",
      }),
    ];

    expect(await reenableSubscription(providerActor(providerId), EVENT_TYPE, since, now)).toEqual({
      recovered: 4,
    });
    expect(await subscriptionOf(providerId)).toMatchObject({ disabledAt: null, failureStreak: 0 });
    expect((await subscriptionOf(other)).disabledAt).not.toBeNull();
    const states = await db().outboxEvent.findMany({
      where: { id: { in: leftAlone.map((event) => event.id) } },
      select: { state: true, nextAttemptAt: true },
    });
    expect(states.map((event) => event.nextAttemptAt)).toEqual(leftAlone.map(() => new Date("2999-01-01")));

    status = 200;
    await run(now);
    expect(
      target.received
        .slice(1)
        .map((callback) => callback.webhookId)
        .sort(),
    ).toEqual([gone.id, failed.id, skipped.id, waiting.id].sort());
  });

  it("without a time only re-enables; refuses what is not disabled, too far back, the future, too many", async () => {
    // The previous test's events would count among those since then.
    await db().outboxEvent.deleteMany({ where: { providerId } });
    await subscribeTo("https://hooks.example.org/recover");
    await expect(reenableSubscription(providerActor(providerId), EVENT_TYPE)).rejects.toThrow(
      "The subscription is not disabled.",
    );
    await expect(
      reenableSubscription(providerActor(providerId), "DELIVERY_REFUND_REQUESTED"),
    ).rejects.toThrow("There is no subscription to DELIVERY_REFUND_REQUESTED.");
    await disable(providerId);
    const now = new Date();
    await expect(
      reenableSubscription(providerActor(providerId), EVENT_TYPE, ago(now, -5), now),
    ).rejects.toThrow("must not be in the future");
    await expect(
      reenableSubscription(providerActor(providerId), EVENT_TYPE, ago(now, 8 * 24 * 60), now),
    ).rejects.toThrow("must be within the last 7 days");
    await db().outboxEvent.createMany({
      data: Array.from({ length: RECOVERY_MAX_EVENTS + 1 }, () => ({
        providerId,
        eventType: EVENT_TYPE,
        payload: "{}",
        state: "FAILED",
        createdAt: ago(now, 30),
      })),
    });
    await expect(
      reenableSubscription(providerActor(providerId), EVENT_TYPE, ago(now, 60), now),
    ).rejects.toThrow("10,001 events since then: at most 10,000 are recovered at once. Pick a later time.");
    // Each refusal left the subscription disabled; without a time it is re-enabled, nothing queued.
    expect((await subscriptionOf(providerId)).disabledAt).not.toBeNull();
    expect(await reenableSubscription(providerActor(providerId), EVENT_TYPE)).toEqual({ recovered: 0 });
    expect(await db().outboxEvent.count({ where: { providerId, state: "FAILED" } })).toBe(
      RECOVERY_MAX_EVENTS + 1,
    );
    await db().outboxEvent.deleteMany({ where: { providerId, state: "FAILED" } });
  });
});

describe("example events", () => {
  it("arrive at the subscription's receiver as the catalog shows them, marked example-", async () => {
    const secret = `example-${randomUUID()}`;
    const target = await receiver({ secret });
    await subscribeTo(target.url, { type: "hmac", secret });
    const { id } = await sendExampleEvent(providerActor(providerId), EVENT_TYPE);
    await run(new Date());
    const [callback] = target.received;
    expect(callback!.webhookId).toBe(id);
    expect(id).toMatch(/^example-[0-9a-f-]{36}$/);
    expect(JSON.parse(callback!.rawBody)).toEqual(WEBHOOK_EXAMPLES[EVENT_TYPE]);
    expect(callback).toMatchObject({
      eventType: EVENT_TYPE,
      headersValid: true,
      verified: { xSignature: true, standardWebhooks: true },
    });
    const log = await deliveryLog(providerActor(providerId), { eventType: EVENT_TYPE, outcome: "DELIVERED" });
    expect(log.events.map((event) => event.id)).toContain(id);
  });

  it("need a subscription of the type", async () => {
    await expect(sendExampleEvent(providerActor(providerId), "DELIVERY_REFUND_REQUESTED")).rejects.toThrow(
      "Subscribe to DELIVERY_REFUND_REQUESTED first.",
    );
    await expect(sendExampleEvent(providerActor(providerId), "NULL")).rejects.toThrow("is not an event type");
  });

  it("are refused for a disabled subscription, as the catalog says, instead of being queued to be skipped", async () => {
    await subscribeTo("https://hooks.example.org/disabled");
    await disable(providerId);
    const events = () => db().outboxEvent.count({ where: { providerId } });
    const before = await events();
    await expect(sendExampleEvent(providerActor(providerId), EVENT_TYPE)).rejects.toThrow(
      "The subscription is disabled: re-enable it to send an example.",
    );
    expect(await events()).toBe(before);
  });
});
