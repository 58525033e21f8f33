/**
 * Concurrent writers over real HTTP: simultaneous updates of one channel must all succeed and leave
 * exactly one request PENDING (the rest superseded); simultaneous creates of one id make one channel.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { openTestDb } from "../../support/server/test-db";

const baseUrl = inject("baseUrl");
const { key, id: providerId } = inject("providerA");
const testDb = openTestDb();

const channelBody = (providerDeliveryChannelId: string, translation: string) => ({
  providerDeliveryChannelId,
  name: { language: "EN", translation },
  landingPage: "www.acme.example",
  availability: { categoriesSupported: ["CASH"] },
});

const post = (path: string, body: unknown) =>
  fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json" },
    body: JSON.stringify(body),
  });

describe("concurrent writes to one channel", () => {
  it("leaves exactly one pending request after 12 simultaneous updates", async () => {
    const id = randomUUID();
    expect((await post("/api/DeliveryChannel/Create", channelBody(id, "v0"))).status).toBe(200);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, n) => post("/api/DeliveryChannel/Update", channelBody(id, `v${n + 1}`))),
    );
    expect(responses.map((response) => response.status)).toEqual(Array(12).fill(200));
    const requests = await testDb()
      .db()
      .channelRequest.findMany({
        where: { channel: { providerId, providerDeliveryChannelId: id } },
      });
    expect(requests).toHaveLength(13);
    const pending = requests.filter((request) => request.state === "PENDING");
    expect(pending).toHaveLength(1);
    expect(requests.filter((request) => request.state === "SUPERSEDED")).toHaveLength(12);
    const channel = await testDb()
      .db()
      .channel.findFirstOrThrow({ where: { providerId, providerDeliveryChannelId: id } });
    expect(channel.requestedContent).toBe(pending[0]?.body);
  });

  it("creates one channel when the same id is created 8 times at once", async () => {
    const id = randomUUID();
    const responses = await Promise.all(
      Array.from({ length: 8 }, () => post("/api/DeliveryChannel/Create", channelBody(id, "same"))),
    );
    const statuses = responses.map((response) => response.status).sort();
    expect(statuses).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
    expect(
      await testDb()
        .db()
        .channel.count({ where: { providerId, providerDeliveryChannelId: id } }),
    ).toBe(1);
  });
});

describe("creates (through the driver) mixed with updates (Prisma transactions)", () => {
  it("all succeed: the driver's connection never waits for a lock on the event loop", async () => {
    const existing = Array.from({ length: 20 }, () => randomUUID());
    await Promise.all(existing.map((id) => post("/api/DeliveryChannel/Create", channelBody(id, "v0"))));
    const fresh = Array.from({ length: 60 }, () => randomUUID());
    const responses = await Promise.all([
      ...fresh.map((id) => post("/api/DeliveryChannel/Create", channelBody(id, "new"))),
      ...existing.flatMap((id) =>
        [1, 2, 3].map((n) => post("/api/DeliveryChannel/Update", channelBody(id, `v${n}`))),
      ),
    ]);
    expect(responses.map((response) => response.status)).toEqual(Array(120).fill(200));
    const created = await testDb()
      .db()
      .channel.count({ where: { providerId, providerDeliveryChannelId: { in: fresh } } });
    expect(created).toBe(60);
  });
});
