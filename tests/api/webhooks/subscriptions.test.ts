/**
 * Subscribe over HTTP, checked against the database: one subscription per provider and event type,
 * the receipt, and auth secrets sealed at rest. Each test uses providers of its own. Refused bodies
 * are in subscriptions-validation.test.ts, Unsubscribe and tenant isolation in
 * subscriptions-unsubscribe.test.ts.
 */
import { describe, expect, it } from "vitest";
import * as subscriptions from "@/lib/domain/webhooks";
import { openTestDb } from "../../support/server/test-db";
import {
  CALLBACK,
  EVENT,
  ISO_UTC,
  newProvider,
  rowsOf,
  secret,
  subscribe,
  UUID,
} from "../../support/webhooks/subscriptions";

openTestDb();

describe("Subscribe", () => {
  const authVariants = () =>
    [
      ["hmac", { type: "hmac", secret: secret("hmac-secret") }, ["secret"]],
      [
        "header",
        { type: "header", headerName: "X-Hook-Token", headerValue: secret("header-value") },
        ["headerValue"],
      ],
      ["basic", { type: "basic", username: "hook-user", password: secret("basic-password") }, ["password"]],
    ] as const;

  it.each(authVariants())(
    "with %s auth: receipt, one row, secret sealed at rest",
    async (type, auth, secretFields) => {
      const provider = await newProvider();
      const result = await subscribe(provider, { eventType: EVENT, callbackUrl: CALLBACK, auth });
      expect(result.status).toBe(200);
      expect(result.json).toStrictEqual({
        error: null,
        data: {
          message: "Webhook successfully subscribed",
          subscriptionId: expect.stringMatching(UUID),
          callbackUrl: CALLBACK,
          eventType: EVENT,
          date: expect.stringMatching(ISO_UTC),
        },
        status: "success",
      });
      expect(Number.isNaN(Date.parse(result.json.data.date))).toBe(false);

      const rows = await rowsOf(provider.id);
      expect(rows).toHaveLength(1);
      const row = rows[0]!;
      expect(row).toMatchObject({
        id: result.json.data.subscriptionId,
        eventType: EVENT,
        callbackUrl: CALLBACK,
      });
      expect(row.authType).toBe(type);
      const stored = JSON.stringify(Object.values(row).map((value) => String(value)));
      for (const field of secretFields) {
        const plaintext = (auth as Record<string, string>)[field]!;
        expect(stored).not.toContain(plaintext);
        expect(stored).not.toContain(Buffer.from(plaintext).toString("base64"));
      }
      expect(subscriptions.subscriptionAuth(row)).toStrictEqual(auth);
    },
  );

  it.each([
    ["absent", {}],
    ["null", { auth: null }],
  ])("with auth %s: no auth stored", async (_name, extra) => {
    const provider = await newProvider();
    const result = await subscribe(provider, {
      eventType: "DELIVERY_REQUEST_SENT",
      callbackUrl: CALLBACK,
      ...extra,
    });
    expect(result.status).toBe(200);
    expect(result.json.data).toMatchObject({ eventType: "DELIVERY_REQUEST_SENT", callbackUrl: CALLBACK });
    const rows = await rowsOf(provider.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ authType: null, authSealed: null });
    expect(subscriptions.subscriptionAuth(rows[0]!)).toBeNull();
  });

  it("subscribing again to the same event type replaces the subscription", async () => {
    const provider = await newProvider();
    const first = await subscribe(provider, {
      eventType: EVENT,
      callbackUrl: "https://one.example.org/hook",
      auth: { type: "hmac", secret: "first-secret-value" },
    });
    const second = await subscribe(provider, {
      eventType: EVENT,
      callbackUrl: "https://two.example.org/hook",
      auth: { type: "basic", username: "u", password: "second-password" },
    });
    expect(first.status).toBe(200);
    expect(second.status).toBe(200);
    expect(second.json.data.callbackUrl).toBe("https://two.example.org/hook");
    const rows = await rowsOf(provider.id, EVENT);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      id: second.json.data.subscriptionId,
      callbackUrl: "https://two.example.org/hook",
    });
    expect(subscriptions.subscriptionAuth(rows[0]!)).toStrictEqual({
      type: "basic",
      username: "u",
      password: "second-password",
    });

    const third = await subscribe(provider, {
      eventType: EVENT,
      callbackUrl: "https://three.example.org/hook",
    });
    expect(third.status).toBe(200);
    const after = await rowsOf(provider.id, EVENT);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      callbackUrl: "https://three.example.org/hook",
      authType: null,
      authSealed: null,
    });
  });

  it("each event type has its own subscription", async () => {
    const provider = await newProvider();
    for (const eventType of [
      "DELIVERY_CHANNEL_STATUS_UPDATED",
      "DELIVERY_REQUEST_SENT",
      "DELIVERY_REFUND_REQUESTED",
    ]) {
      const result = await subscribe(provider, { eventType, callbackUrl: `${CALLBACK}/${eventType}` });
      expect(result.status).toBe(200);
      expect(result.json.data.eventType).toBe(eventType);
    }
    const rows = await rowsOf(provider.id);
    expect(rows.map((row) => row.eventType).sort()).toEqual([
      "DELIVERY_CHANNEL_STATUS_UPDATED",
      "DELIVERY_REFUND_REQUESTED",
      "DELIVERY_REQUEST_SENT",
    ]);
  });

  it("a callbackUrl of exactly 256 characters is accepted and echoed", async () => {
    const provider = await newProvider();
    const url = `https://hooks.example.org/${"a".repeat(256 - "https://hooks.example.org/".length)}`;
    expect(url).toHaveLength(256);
    const result = await subscribe(provider, { eventType: EVENT, callbackUrl: url });
    expect(result.status).toBe(200);
    expect(result.json.data.callbackUrl).toBe(url);
    expect((await rowsOf(provider.id))[0]?.callbackUrl).toBe(url);
  });
});
