/**
 * Subscribe and Unsubscribe over HTTP, checked against the database: one subscription per provider
 * and event type, validation of the event type, callback URL and auth object (facts file), tenant
 * isolation, and auth secrets sealed at rest. Each test uses providers of its own, created here.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";

const baseUrl = inject("baseUrl");
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const ISO_UTC = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

type DbModule = typeof import("../../lib/db");
type KeysModule = typeof import("../../lib/domain/api-keys");
type SubscriptionsModule = typeof import("../../lib/domain/subscriptions");
let dbModule: DbModule;
let keys: KeysModule;
let subscriptions: SubscriptionsModule;

beforeAll(async () => {
  process.env.DATABASE_URL = inject("databaseUrl");
  dbModule = await import("../../lib/db");
  keys = await import("../../lib/domain/api-keys");
  subscriptions = await import("../../lib/domain/subscriptions");
});
afterAll(() => dbModule.disconnectDb());

interface Provider {
  id: string;
  key: string;
}

async function newProvider(): Promise<Provider> {
  const provider = await keys.createProvider(`Subscriptions ${randomUUID()}`);
  const { key } = await keys.issueApiKey(provider.id);
  return { id: provider.id, key };
}

async function post(provider: Provider, path: string, body: unknown) {
  const response = await fetch(`${baseUrl}/api/Event/${path}`, {
    method: "POST",
    headers: { "x-api-key": provider.key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return { status: response.status, json: await response.json() };
}
const subscribe = (provider: Provider, body: unknown) => post(provider, "Subscribe", body);
const unsubscribe = (provider: Provider, body: unknown) => post(provider, "Unsubscribe", body);

const rowsOf = (providerId: string, eventType?: string) =>
  dbModule.db().subscription.findMany({ where: { providerId, ...(eventType ? { eventType } : {}) } });

function expectValidationError(result: { status: number; json: unknown }, field: RegExp) {
  expect(result.status).toBe(400);
  expect(result.json).toStrictEqual({
    error: {
      guid: expect.stringMatching(UUID),
      code: 400,
      type: "ValidationError",
      title: "Invalid Request Body",
      message: expect.stringMatching(field),
    },
    data: null,
    status: "failed",
  });
}

const EVENT = "DELIVERY_CHANNEL_STATUS_UPDATED";
const CALLBACK = "https://hooks.example.org/dcp";
const secret = (label: string) => `${label}-${randomUUID()}`;

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

  it.each([
    ["the placeholder NULL", { eventType: "NULL", callbackUrl: CALLBACK }, /eventType/],
    ["an unknown event type", { eventType: "DELIVERY_EXPLODED", callbackUrl: CALLBACK }, /eventType/],
    ["a lower-case event type", { eventType: EVENT.toLowerCase(), callbackUrl: CALLBACK }, /eventType/],
    ["a null event type", { eventType: null, callbackUrl: CALLBACK }, /eventType/],
    ["a missing event type", { callbackUrl: CALLBACK }, /eventType/],
    ["a missing callbackUrl", { eventType: EVENT }, /callbackUrl/],
    ["a null callbackUrl", { eventType: EVENT, callbackUrl: null }, /callbackUrl/],
    ["an empty callbackUrl", { eventType: EVENT, callbackUrl: "" }, /callbackUrl/],
    ["a relative callbackUrl", { eventType: EVENT, callbackUrl: "/hooks/dcp" }, /callbackUrl/],
    [
      "a callbackUrl without scheme",
      { eventType: EVENT, callbackUrl: "hooks.example.org/dcp" },
      /callbackUrl/,
    ],
    ["an ftp: callbackUrl", { eventType: EVENT, callbackUrl: "ftp://hooks.example.org/dcp" }, /callbackUrl/],
    ["a javascript: callbackUrl", { eventType: EVENT, callbackUrl: "javascript:alert(1)" }, /callbackUrl/],
    [
      "a callbackUrl of 257 characters",
      { eventType: EVENT, callbackUrl: `https://hooks.example.org/${"a".repeat(257 - 26)}` },
      /callbackUrl/,
    ],
    [
      "a callbackUrl with a NUL character",
      { eventType: EVENT, callbackUrl: "https://hooks.example.org/a\u0000b" },
      /callbackUrl/,
    ],
    [
      "an extra property",
      { eventType: EVENT, callbackUrl: CALLBACK, secret: "x" },
      /secret: Unknown property/,
    ],
    ["auth as a string", { eventType: EVENT, callbackUrl: CALLBACK, auth: "hmac" }, /auth/],
    ["auth without type", { eventType: EVENT, callbackUrl: CALLBACK, auth: { secret: "s" } }, /auth/],
    ["an unknown auth type", { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "digest" } }, /auth/],
    [
      "an upper-case auth type",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "HMAC", secret: "s" } },
      /auth/,
    ],
    [
      "a 17-character auth type",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "h".repeat(17) } },
      /auth/,
    ],
    [
      "hmac without secret",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "hmac" } },
      /auth\.secret/,
    ],
    [
      "hmac with an empty secret",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "hmac", secret: "" } },
      /auth\.secret/,
    ],
    [
      "header without headerName",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "header", headerValue: "v" } },
      /auth\.headerName/,
    ],
    [
      "header without headerValue",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "header", headerName: "X-Token" } },
      /auth\.headerValue/,
    ],
    [
      "a header name with a space",
      {
        eventType: EVENT,
        callbackUrl: CALLBACK,
        auth: { type: "header", headerName: "X Token", headerValue: "v" },
      },
      /auth\.headerName/,
    ],
    [
      "a header name with a colon",
      {
        eventType: EVENT,
        callbackUrl: CALLBACK,
        auth: { type: "header", headerName: "X-Token:", headerValue: "v" },
      },
      /auth\.headerName/,
    ],
    [
      "a header value with CRLF",
      {
        eventType: EVENT,
        callbackUrl: CALLBACK,
        auth: { type: "header", headerName: "X-Token", headerValue: "v\r\nX-Injected: 1" },
      },
      /auth\.headerValue/,
    ],
    [
      "a header value with a bare LF",
      {
        eventType: EVENT,
        callbackUrl: CALLBACK,
        auth: { type: "header", headerName: "X-Token", headerValue: "v\nx" },
      },
      /auth\.headerValue/,
    ],
    [
      "basic without password",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "basic", username: "u" } },
      /auth\.password/,
    ],
    [
      "basic without username",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "basic", password: "p" } },
      /auth\.username/,
    ],
    [
      "an extra auth property",
      { eventType: EVENT, callbackUrl: CALLBACK, auth: { type: "hmac", secret: "s", algorithm: "sha1" } },
      /auth\.algorithm: Unknown property/,
    ],
    [
      "another type's field",
      {
        eventType: EVENT,
        callbackUrl: CALLBACK,
        auth: { type: "basic", username: "u", password: "p", secret: "s" },
      },
      /auth\.secret: Unknown property/,
    ],
  ])("%s is 400 naming the field", async (_name, body, field) => {
    const provider = await newProvider();
    expectValidationError(await subscribe(provider, body), field);
    expect(await rowsOf(provider.id)).toHaveLength(0);
  });

  const filled = (length: number) => "x".repeat(length);
  const headerNameOf = (length: number) => `X${"-".repeat(length - 1)}`;
  it.each([
    ["header", "headerName", 64, (n: number) => ({ headerName: headerNameOf(n), headerValue: "v" })],
    ["header", "headerValue", 512, (n: number) => ({ headerName: "X-Token", headerValue: filled(n) })],
    ["basic", "username", 128, (n: number) => ({ username: filled(n), password: "p" })],
    ["basic", "password", 512, (n: number) => ({ username: "u", password: filled(n) })],
    ["hmac", "secret", 512, (n: number) => ({ secret: filled(n) })],
  ])("%s %s: %i characters accepted, one more refused", async (type, field, max, fields) => {
    const provider = await newProvider();
    const atMax = await subscribe(provider, {
      eventType: EVENT,
      callbackUrl: CALLBACK,
      auth: { type, ...fields(max) },
    });
    expect(atMax.status).toBe(200);
    const row = (await rowsOf(provider.id))[0]!;
    expect((subscriptions.subscriptionAuth(row) as unknown as Record<string, string>)[field]).toHaveLength(
      max,
    );

    const over = await subscribe(provider, {
      eventType: EVENT,
      callbackUrl: CALLBACK,
      auth: { type, ...fields(max + 1) },
    });
    expectValidationError(over, new RegExp(`auth\\.${field}`));
    const after = (await rowsOf(provider.id))[0]!;
    expect(after.authSealed).toBe(row.authSealed);
  });
});

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
    expect(never.status).toBe(404);
    expect(never.json).toStrictEqual({
      error: {
        guid: expect.stringMatching(UUID),
        code: 404,
        type: "NotFound",
        title: "Not Found",
        message: expect.any(String),
      },
      data: null,
      status: "failed",
    });
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
    expectValidationError(await unsubscribe(provider, body), field);
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
