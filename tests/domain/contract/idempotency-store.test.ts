/**
 * The Idempotency-Key store on the real database, through its driver writes (lib/db/idempotency-writes.ts)
 * and Prisma's reads: concurrent claims of one key (on SQLite, claims of one turn share one
 * transaction) let exactly one through; the driver's timestamps are the ones Prisma compares for a
 * lease takeover and for expiry; every answer is stored on its own key.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotentRequest,
} from "@/lib/domain/request-guards/idempotency-store";
import { openTestDb } from "../../support/server/test-db";

const database = openTestDb();

const requestFor = (apiKeyId: string, key = randomUUID()): IdempotentRequest => ({
  apiKeyId,
  key,
  operationId: "createDeliveryChannel",
  fingerprint: "a".repeat(64),
});
const outcomes = (claims: { outcome: string }[]) => claims.map((claim) => claim.outcome).sort();
const times = (count: number) => Array.from({ length: count }, (_, i) => i);

describe("claims through the driver", () => {
  it("of one key at once: exactly one claims, and once answered all replay", async () => {
    const request = requestFor(randomUUID());
    const claims = await Promise.all(times(20).map(() => claimIdempotencyKey(request)));
    expect(outcomes(claims)).toEqual(["claimed", ...times(19).map(() => "in_progress")]);
    await completeIdempotencyKey(request, { status: 200, json: '{"data":1}' });
    const replays = await Promise.all(times(5).map(() => claimIdempotencyKey(request)));
    for (const replay of replays)
      expect(replay).toEqual({ outcome: "replay", answer: { status: 200, json: '{"data":1}' } });
  });

  it("of many keys at once: each claims, and each answer is stored on its own key", async () => {
    const apiKeyId = randomUUID();
    const requests = times(30).map(() => requestFor(apiKeyId));
    const claims = await Promise.all(requests.map((request) => claimIdempotencyKey(request)));
    expect(new Set(outcomes(claims))).toEqual(new Set(["claimed"]));
    await Promise.all(
      requests.map((request, i) => completeIdempotencyKey(request, { status: 200 + i, json: `{"i":${i}}` })),
    );
    const rows = await database()
      .db()
      .idempotencyKey.findMany({ where: { apiKeyId }, orderBy: { status: "asc" } });
    expect(rows.map((row) => [row.key, row.response, row.lockedUntil])).toEqual(
      requests.map((request, i) => [request.key, `{"i":${i}}`, null]),
    );
  });

  it("with another body or operation are refused, and change nothing", async () => {
    const request = requestFor(randomUUID());
    expect(await claimIdempotencyKey(request)).toEqual({ outcome: "claimed", journal: [] });
    expect(await claimIdempotencyKey({ ...request, fingerprint: "b".repeat(64) })).toEqual({
      outcome: "other_body",
    });
    expect(await claimIdempotencyKey({ ...request, operationId: "updateDeliveryChannel" })).toEqual({
      outcome: "other_operation",
    });
  });
});

describe("the driver's timestamps, as Prisma compares them", () => {
  it("a claim whose 20 s lease ran out is taken over by exactly one of concurrent retries", async () => {
    const request = requestFor(randomUUID());
    expect(await claimIdempotencyKey(request, new Date(Date.now() - 21_000))).toEqual({
      outcome: "claimed",
      journal: [],
    });
    const row = await database()
      .db()
      .idempotencyKey.findUniqueOrThrow({
        where: { apiKeyId_key: { apiKeyId: request.apiKeyId, key: request.key } },
      });
    expect(row.lockedUntil!.getTime() - row.createdAt.getTime()).toBe(20_000);
    const retries = await Promise.all(times(5).map(() => claimIdempotencyKey(request)));
    expect(outcomes(retries)).toEqual(["claimed", ...times(4).map(() => "in_progress")]);
  });

  it("a claim within its lease is in progress", async () => {
    const request = requestFor(randomUUID());
    expect(await claimIdempotencyKey(request, new Date(Date.now() - 10_000))).toEqual({
      outcome: "claimed",
      journal: [],
    });
    expect(await claimIdempotencyKey(request)).toEqual({ outcome: "in_progress" });
  });

  it("a request whose server died twice with nothing written is not run a third time", async () => {
    const request = requestFor(randomUUID());
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    expect(await claimIdempotencyKey(request, ago(50))).toEqual({ outcome: "claimed", journal: [] });
    // Its lease ran out: the first retry runs it again (the server may have died of something else).
    expect(await claimIdempotencyKey(request, ago(25))).toEqual({ outcome: "claimed", journal: [] });
    // Its server died again: it is not run a third time.
    expect(await claimIdempotencyKey(request)).toEqual({ outcome: "abandoned" });
  });

  it("a retry after a death with something committed gets the journal, however often", async () => {
    const request = requestFor(randomUUID());
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000);
    expect(await claimIdempotencyKey(request, ago(75))).toEqual({ outcome: "claimed", journal: [] });
    const where = { apiKeyId_key: { apiKeyId: request.apiKeyId, key: request.key } };
    await database()
      .db()
      .idempotencyKey.update({ where, data: { journal: JSON.stringify(["entry"]) } });
    expect(await claimIdempotencyKey(request, ago(50))).toEqual({ outcome: "claimed", journal: ["entry"] });
    expect(await claimIdempotencyKey(request, ago(25))).toEqual({ outcome: "claimed", journal: ["entry"] });
    expect(await claimIdempotencyKey(request)).toEqual({ outcome: "claimed", journal: ["entry"] });
  });

  it("an answered key expires after 24 hours and may then be claimed for another body", async () => {
    const request = requestFor(randomUUID());
    const dayAndSecondAgo = new Date(Date.now() - 86_401_000);
    expect(await claimIdempotencyKey(request, dayAndSecondAgo)).toEqual({ outcome: "claimed", journal: [] });
    await completeIdempotencyKey(request, { status: 200, json: "{}" });
    const reuse = { ...request, fingerprint: "c".repeat(64) };
    expect(await claimIdempotencyKey(reuse)).toEqual({ outcome: "claimed", journal: [] });
    await completeIdempotencyKey(reuse, { status: 201, json: '{"again":true}' });
    expect(await claimIdempotencyKey(reuse)).toEqual({
      outcome: "replay",
      answer: { status: 201, json: '{"again":true}' },
    });
  });
});
