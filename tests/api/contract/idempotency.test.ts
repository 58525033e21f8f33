/**
 * Safe retries over real HTTP: the Idempotency-Key header on the write operations. A retry with the
 * same key and body replays the first answer and changes nothing more; reusing a key for another body
 * or operation is a 422; keys are per API key; a bad header is a 400 and a 401 is not stored.
 * Concurrency, leases and expiry: idempotency-concurrency.test.ts.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { minimalChannelBody as minimalBody } from "../../support/channels/channel-bodies";
import { historyOf } from "../../support/channels/channel-history";
import {
  CREATE,
  DELIVERY_REQUEST_SYNC,
  DELIVERY_SYNC,
  errorOf,
  post,
  UNSUBSCRIBE,
  UPDATE,
} from "../../support/contract/idempotency";
import { openTestDb } from "../../support/server/test-db";
import { CALLBACK, EVENT, newProvider, rowsOf, subscribe } from "../../support/webhooks/subscriptions";

const providerA = inject("providerA");
const providerB = inject("providerB");
const keyA = providerA.key;
const database = openTestDb();

describe("a retry with the same key and body", () => {
  it("replays Create's answer exactly and records one request", async () => {
    const id = randomUUID();
    const key = randomUUID();
    const first = await post(CREATE, minimalBody(id), keyA, key);
    const retry = await post(CREATE, minimalBody(id), keyA, key);
    expect(first.status).toBe(200);
    expect(first.replayed).toBeNull();
    expect(retry).toMatchObject({ status: 200, text: first.text, replayed: "true" });
    expect((await historyOf(id)).map((request) => request.kind)).toEqual(["CREATE"]);
  });

  it("replays Update's answer and records one update", async () => {
    const id = randomUUID();
    expect((await post(CREATE, minimalBody(id), keyA, undefined)).status).toBe(200);
    const key = randomUUID();
    const body = { ...minimalBody(id), landingPage: "www.updated.example" };
    const first = await post(UPDATE, body, keyA, key);
    const retry = await post(UPDATE, body, keyA, key);
    expect(retry).toMatchObject({ status: first.status, text: first.text, replayed: "true" });
    expect((await historyOf(id)).map((request) => request.kind)).toEqual(["CREATE", "UPDATE"]);
  });

  it("replays Unsubscribe's success where a second unsubscribe would be a 404", async () => {
    const provider = await newProvider();
    expect((await subscribe(provider, { eventType: EVENT, callbackUrl: CALLBACK, auth: null })).status).toBe(
      200,
    );
    const key = randomUUID();
    const first = await post(UNSUBSCRIBE, { eventType: EVENT }, provider.key, key);
    const retry = await post(UNSUBSCRIBE, { eventType: EVENT }, provider.key, key);
    expect(first.status).toBe(200);
    expect(retry).toMatchObject({ status: 200, text: first.text, replayed: "true" });
    expect(await rowsOf(provider.id)).toEqual([]);
    const fresh = await post(UNSUBSCRIBE, { eventType: EVENT }, provider.key, randomUUID());
    expect(fresh.status).toBe(404);
  });

  it.each([
    [DELIVERY_SYNC, { deliveryList: [{ deliveryId: randomUUID(), status: "DELIVERED" }] }],
    [DELIVERY_REQUEST_SYNC, { deliveryRequestId: randomUUID(), status: "APPROVED" }],
  ])("replays %s's answer, a refusal of the operation included", async (path, body) => {
    const key = randomUUID();
    const first = await post(path, body, keyA, key);
    expect(first.status).toBe(404);
    const retry = await post(path, body, keyA, key);
    expect(retry).toMatchObject({ status: 404, text: first.text, replayed: "true" });
  });
});

describe("a key reused for another request", () => {
  it("with another body is a 422 naming the header, and changes nothing", async () => {
    const key = randomUUID();
    const id = randomUUID();
    expect((await post(CREATE, minimalBody(id), keyA, key)).status).toBe(200);
    const other = randomUUID();
    const error = errorOf(await post(CREATE, minimalBody(other), keyA, key), 422, "IdempotencyKeyReused");
    expect(error).toMatchObject({ code: 422, title: "Idempotency-Key Reused" });
    expect(error.message).toContain("Idempotency-Key");
    expect(error.message).toContain("different request body");
    expect(await historyOf(other)).toEqual([]);
  });

  it("for another operation, even with the same body, is a 422", async () => {
    const key = randomUUID();
    const id = randomUUID();
    expect((await post(CREATE, minimalBody(id), keyA, key)).status).toBe(200);
    const error = errorOf(await post(UPDATE, minimalBody(id), keyA, key), 422, "IdempotencyKeyReused");
    expect(error.message).toContain("another operation");
    expect((await historyOf(id)).map((request) => request.kind)).toEqual(["CREATE"]);
  });
});

describe("keys", () => {
  it("are per API key: another provider uses the same key independently", async () => {
    const key = randomUUID();
    const id = randomUUID();
    const a = await post(CREATE, minimalBody(id), keyA, key);
    const b = await post(CREATE, { ...minimalBody(id), landingPage: "www.b.example" }, providerB.key, key);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.replayed, b.replayed]).toEqual([null, null]);
  });

  it("are not stored by a 401: the same key then runs with a valid API key", async () => {
    const key = randomUUID();
    const id = randomUUID();
    const refused = await post(CREATE, minimalBody(id), inject("revokedKey"), key);
    expect(refused.status).toBe(401);
    expect(await database().db().idempotencyKey.count({ where: { key } })).toBe(0);
    const accepted = await post(CREATE, minimalBody(id), keyA, key);
    expect(accepted).toMatchObject({ status: 200, replayed: null });
  });

  it("are not stored by an invalid body: the corrected body runs with the same key", async () => {
    const key = randomUUID();
    const id = randomUUID();
    expect((await post(CREATE, { ...minimalBody(id), colour: "blue" }, keyA, key)).status).toBe(400);
    expect((await post(CREATE, minimalBody(id), keyA, key)).status).toBe(200);
  });
});

describe("the header", () => {
  it.each([
    ["empty", ""],
    ["over 255 characters", "k".repeat(256)],
    ["with a space", "two words"],
    ["not ASCII", "clé"],
  ])("%s is a 400 naming it, and nothing is created", async (_label, value) => {
    const id = randomUUID();
    const error = errorOf(await post(CREATE, minimalBody(id), keyA, value), 400, "ValidationError");
    expect(error.message).toContain("Idempotency-Key");
    expect(await historyOf(id)).toEqual([]);
  });

  it("may be quoted, as the draft writes it: the same key as bare", async () => {
    const key = randomUUID();
    const id = randomUUID();
    expect((await post(CREATE, minimalBody(id), keyA, `"${key}"`)).status).toBe(200);
    expect((await post(CREATE, minimalBody(id), keyA, key)).replayed).toBe("true");
  });

  it("absent leaves the operation as it was: a repeated Create is a 409, not a replay", async () => {
    const id = randomUUID();
    const first = await post(CREATE, minimalBody(id), keyA, undefined);
    const second = await post(CREATE, minimalBody(id), keyA, undefined);
    expect([first.status, second.status]).toEqual([200, 409]);
    expect(second.replayed).toBeNull();
    expect(errorOf(second, 409, "Conflict").title).toBe("Conflict");
  });
});
