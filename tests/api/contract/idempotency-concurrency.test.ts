/**
 * Safe retries under concurrency and over time: concurrent requests with one Idempotency-Key have one
 * effect; a claim whose process died does not block its key; an expired key may be reused.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { minimalChannelBody as minimalBody } from "../../support/channels/channel-bodies";
import { historyOf } from "../../support/channels/channel-history";
import { CREATE, errorOf, fingerprintOf, post } from "../../support/contract/idempotency";
import { openTestDb } from "../../support/server/test-db";

const keyA = inject("providerA").key;
const database = openTestDb();
const db = () => database().db();

async function apiKeyIdOfA(): Promise<string> {
  const { sha256Hex } = await import("../../../lib/crypto");
  return (await db().apiKey.findUniqueOrThrow({ where: { hash: sha256Hex(keyA) } })).id;
}

/** A row as a request that claimed the key and has not answered leaves it. */
async function unfinishedClaim(key: string, body: unknown, lockedUntil: Date) {
  const now = Date.now();
  await db().idempotencyKey.create({
    data: {
      apiKeyId: await apiKeyIdOfA(),
      key,
      operationId: "createDeliveryChannel",
      fingerprint: fingerprintOf(body as never),
      lockedUntil,
      createdAt: new Date(now),
      expiresAt: new Date(now + 86_400_000),
    },
  });
}

describe("concurrent requests with one key", () => {
  it("have one effect: one answers, the others replay it or are told it is in progress", async () => {
    const id = randomUUID();
    const key = randomUUID();
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post(CREATE, minimalBody(id), keyA, key)),
    );
    expect((await historyOf(id)).map((request) => request.kind)).toEqual(["CREATE"]);
    const ran = answers.filter((answer) => answer.status === 200 && answer.replayed === null);
    expect(ran).toHaveLength(1);
    for (const answer of answers) {
      if (answer.status === 200) expect(answer.text).toBe(ran[0]!.text);
      else {
        expect(errorOf(answer, 409, "RequestInProgress").message).toContain("Idempotency-Key");
        expect(answer.retryAfter).toBe("1");
      }
    }
    // Once the first has answered, every retry replays it.
    expect(await post(CREATE, minimalBody(id), keyA, key)).toMatchObject({
      text: ran[0]!.text,
      replayed: "true",
    });
  });

  it("while the first still runs, a retry is a 409 with Retry-After", async () => {
    const id = randomUUID();
    const key = randomUUID();
    await unfinishedClaim(key, minimalBody(id), new Date(Date.now() + 60_000));
    const answer = await post(CREATE, minimalBody(id), keyA, key);
    expect(errorOf(answer, 409, "RequestInProgress").title).toBe("Request In Progress");
    expect(answer.retryAfter).toBe("1");
    expect(await historyOf(id)).toEqual([]);
  });
});

describe("over time", () => {
  it("a claim whose lease ran out (its process died) is taken over by a retry", async () => {
    const id = randomUUID();
    const key = randomUUID();
    await unfinishedClaim(key, minimalBody(id), new Date(Date.now() - 1_000));
    expect(await post(CREATE, minimalBody(id), keyA, key)).toMatchObject({ status: 200, replayed: null });
    expect((await historyOf(id)).map((request) => request.kind)).toEqual(["CREATE"]);
    expect((await post(CREATE, minimalBody(id), keyA, key)).replayed).toBe("true");
  });

  it("after 24 hours a key may be reused for another request", async () => {
    const key = randomUUID();
    expect((await post(CREATE, minimalBody(randomUUID()), keyA, key)).status).toBe(200);
    const row = await db().idempotencyKey.findFirstOrThrow({ where: { key } });
    expect(row.expiresAt.getTime() - row.createdAt.getTime()).toBe(86_400_000);
    await db().idempotencyKey.updateMany({ where: { key }, data: { expiresAt: new Date(Date.now() - 1) } });
    const id = randomUUID();
    expect(await post(CREATE, minimalBody(id), keyA, key)).toMatchObject({ status: 200, replayed: null });
    expect((await historyOf(id)).map((request) => request.kind)).toEqual(["CREATE"]);
  });
});
