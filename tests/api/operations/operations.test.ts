/**
 * Operating the server, with server processes of this file's own: the fast path and `next start`
 * answer alike. Logs and SIGTERM are in operations-logs.test.ts, start and a lost database in
 * operations-start.test.ts.
 */
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import {
  channelBody,
  createChannel,
  LOOKUPS,
  type Request,
  SUBSCRIPTION,
  seedProvider,
  send,
} from "../../support/server/operations";
import { type RunningServer, startServer } from "../../support/server/test-server";

/** Status, media type, allow header and body, with the per-response guid and dates blanked. */
async function comparable(baseUrl: string, request: Request) {
  const { status, headers, text } = await send(baseUrl, request);
  let body: unknown = text;
  try {
    body = JSON.parse(text, (name, value) =>
      ["guid", "date", "requestedDate"].includes(name) && typeof value === "string" ? "<varies>" : value,
    );
  } catch {
    // not JSON: compared as text
  }
  return { status, type: headers.get("content-type")?.split(";")[0], allow: headers.get("allow"), body };
}

describe("parity: the production fast path and next start answer alike", () => {
  const production = inject("baseUrl");
  let next: RunningServer;
  let key: string;
  const existing = `parity-${randomUUID()}`;
  const missing = `missing-${randomUUID()}`;

  beforeAll(async () => {
    // The production server of this project migrated the database before next starts on it.
    next = await startServer(inject("databaseUrl"), "next");
    key = (await seedProvider(inject("databaseUrl"))).key;
    const created = await createChannel(production, key, existing);
    expect(created.status).toBe(200);
  });
  afterAll(() => next?.stop());

  const requests: [string, () => Request][] = [
    ["health", () => ({ method: "GET", path: "/api/health" })],
    ["health with a wrong method", () => ({ method: "POST", path: "/api/health", body: "{}" })],
    ["lookup", () => ({ method: "POST", path: LOOKUPS, key, body: '{"data":"Kyc"}' })],
    [
      "lookup as json-patch+json",
      () => ({
        method: "POST",
        path: LOOKUPS,
        key,
        contentType: "application/json-patch+json",
        body: '{"data":"Country"}',
      }),
    ],
    ["no key", () => ({ method: "POST", path: LOOKUPS, body: '{"data":"Kyc"}' })],
    ["a wrong key", () => ({ method: "POST", path: LOOKUPS, key: "dcp_wrong", body: '{"data":"Kyc"}' })],
    [
      "text/plain",
      () => ({ method: "POST", path: LOOKUPS, key, contentType: "text/plain", body: '{"data":"Kyc"}' }),
    ],
    ["malformed JSON", () => ({ method: "POST", path: LOOKUPS, key, body: '{"data":' })],
    ["an empty body", () => ({ method: "POST", path: LOOKUPS, key, body: "" })],
    ["an unknown lookup key", () => ({ method: "POST", path: LOOKUPS, key, body: '{"data":"kyc","x":1}' })],
    [
      "a body over 1 MiB",
      () => ({ method: "POST", path: LOOKUPS, key, body: `{"data":"Kyc"}${" ".repeat(1 << 20)}` }),
    ],
    [
      "an invalid channel",
      () => ({
        method: "POST",
        path: "/api/DeliveryChannel/Create",
        key,
        body: '{"name":{"language":"XQ"}}',
      }),
    ],
    [
      "a duplicate create",
      () => ({
        method: "POST",
        path: "/api/DeliveryChannel/Create",
        key,
        body: JSON.stringify(channelBody(existing)),
      }),
    ],
    [
      "an update of an unknown channel",
      () => ({
        method: "POST",
        path: "/api/DeliveryChannel/Update",
        key,
        body: JSON.stringify(channelBody(missing)),
      }),
    ],
    ["view", () => ({ method: "GET", path: `/api/DeliveryChannel/Get/${existing}`, key })],
    [
      "view of an unknown id",
      () => ({ method: "GET", path: "/api/DeliveryChannel/Get/no-such-channel", key }),
    ],
    ["view of an escaped id", () => ({ method: "GET", path: "/api/DeliveryChannel/Get/a%20b", key })],
    [
      "view with a wrong method",
      () => ({ method: "DELETE", path: `/api/DeliveryChannel/Get/${existing}`, key }),
    ],
    ["create with a wrong method", () => ({ method: "GET", path: "/api/DeliveryChannel/Create", key })],
    ["an unknown path", () => ({ method: "GET", path: "/api/Nope", key })],
    [
      "subscribe",
      () => ({
        method: "POST",
        path: "/api/Event/Subscribe",
        key,
        body: JSON.stringify(SUBSCRIPTION),
      }),
    ],
    [
      "an invalid subscribe",
      () => ({
        method: "POST",
        path: "/api/Event/Subscribe",
        key,
        body: JSON.stringify({ eventType: "NULL", callbackUrl: "ftp://x", auth: { type: "header" } }),
      }),
    ],
    [
      "unsubscribe of nothing",
      () => ({
        method: "POST",
        path: "/api/Event/Unsubscribe",
        key,
        body: '{"eventType":"DELIVERY_REFUND_REQUESTED"}',
      }),
    ],
  ];

  it.each(requests)("%s", async (_name, request) => {
    const fromProduction = await comparable(production, request());
    const fromNext = await comparable(next.baseUrl, request());
    expect(fromNext).toStrictEqual(fromProduction);
  });

  it("an update through either is the same receipt", async () => {
    const update = {
      method: "POST",
      path: "/api/DeliveryChannel/Update",
      key,
      body: JSON.stringify(channelBody(existing)),
    };
    const fromProduction = await comparable(production, update);
    const fromNext = await comparable(next.baseUrl, update);
    expect(fromProduction.status).toBe(200);
    expect(fromNext).toStrictEqual(fromProduction);
  });
});
