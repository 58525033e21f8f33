/**
 * Unsubscribe over HTTP, checked against the database, and tenant isolation of subscriptions.
 */
import { describe, expect, it } from "vitest";
import * as subscriptions from "@/lib/domain/webhooks";
import { expectFailure } from "../../support/http/envelope";
import { openTestDb } from "../../support/server/test-db";
import {
  CALLBACK,
  EVENT,
  ISO_UTC,
  newProvider,
  rowsOf,
  subscribe,
  unsubscribe,
} from "../../support/webhooks/subscriptions";

openTestDb();

describe("Unsubscribe", () => {
  it("removes the subscription and answers with the subscribe receipt's shape", async () => {
    const provider = await newProvider();
    const subscribed = await subscribe(provider, {
      eventType: "DELIVERY_REFUND_REQUESTED",
      callbackUrl: CALLBACK,
      auth: { type: "hmac", secret: "s3cret-value" },
    });
    expect(subscribed.status).toBe(200);
    const result = await unsubscribe(provider, { eventType: "DELIVERY_REFUND_REQUESTED" });
    expect(result.status).toBe(200);
    expect(result.json).toStrictEqual({
      error: null,
      data: {
        message: "Webhook successfully unsubscribed",
        subscriptionId: subscribed.json.data.subscriptionId,
        callbackUrl: CALLBACK,
        eventType: "DELIVERY_REFUND_REQUESTED",
        date: expect.stringMatching(ISO_UTC),
      },
      status: "success",
    });
    expect(await rowsOf(provider.id)).toHaveLength(0);
  });

  it("leaves the provider's other event types alone", async () => {
    const provider = await newProvider();
    await subscribe(provider, { eventType: "DELIVERY_REQUEST_SENT", callbackUrl: CALLBACK });
    await subscribe(provider, { eventType: "DELIVERY_REFUND_REQUESTED", callbackUrl: CALLBACK });
    expect((await unsubscribe(provider, { eventType: "DELIVERY_REQUEST_SENT" })).status).toBe(200);
    expect((await rowsOf(provider.id)).map((row) => row.eventType)).toEqual(["DELIVERY_REFUND_REQUESTED"]);
  });

  it("of nothing is 404 in the envelope, also the second time", async () => {
    const provider = await newProvider();
    const never = await unsubscribe(provider, { eventType: EVENT });
    expectFailure(never, 404, "NotFound", "Not Found");
    await subscribe(provider, { eventType: EVENT, callbackUrl: CALLBACK });
    expect((await unsubscribe(provider, { eventType: EVENT })).status).toBe(200);
    expect((await unsubscribe(provider, { eventType: EVENT })).status).toBe(404);
  });

  it.each([
    ["NULL", { eventType: "NULL" }, /eventType/],
    ["an unknown event type", { eventType: "NOPE" }, /eventType/],
    ["a missing event type", {}, /eventType/],
    ["an extra property", { eventType: EVENT, callbackUrl: CALLBACK }, /callbackUrl: Unknown property/],
  ])("with %s is 400", async (_name, body, field) => {
    const provider = await newProvider();
    await subscribe(provider, { eventType: EVENT, callbackUrl: CALLBACK });
    expectFailure(await unsubscribe(provider, body), 400, "ValidationError", "Invalid Request Body", field);
    expect(await rowsOf(provider.id)).toHaveLength(1);
  });
});

describe("tenant isolation", () => {
  it("providers' subscriptions to the same event type are separate", async () => {
    const a = await newProvider();
    const b = await newProvider();
    const subscribedA = await subscribe(a, {
      eventType: EVENT,
      callbackUrl: "https://a.example.org/hook",
      auth: { type: "hmac", secret: "secret-of-a" },
    });
    expect(subscribedA.status).toBe(200);

    expect((await unsubscribe(b, { eventType: EVENT })).status).toBe(404);
    expect(await rowsOf(a.id, EVENT)).toHaveLength(1);

    const subscribedB = await subscribe(b, { eventType: EVENT, callbackUrl: "https://b.example.org/hook" });
    expect(subscribedB.status).toBe(200);
    expect(subscribedB.json.data.subscriptionId).not.toBe(subscribedA.json.data.subscriptionId);
    const rowA = (await rowsOf(a.id, EVENT))[0]!;
    expect(rowA).toMatchObject({
      id: subscribedA.json.data.subscriptionId,
      callbackUrl: "https://a.example.org/hook",
    });
    expect(subscriptions.subscriptionAuth(rowA)).toStrictEqual({ type: "hmac", secret: "secret-of-a" });

    const unsubscribedB = await unsubscribe(b, { eventType: EVENT });
    expect(unsubscribedB.json.data.subscriptionId).toBe(subscribedB.json.data.subscriptionId);
    expect(await rowsOf(a.id, EVENT)).toHaveLength(1);
    expect(await rowsOf(b.id, EVENT)).toHaveLength(0);
  });
});
