/**
 * Each API key's request log (docs/keys.md "API keys"), over real HTTP: every answer to a known key is
 * recorded with its time, method, path, status and the envelope's error guid, written in batches
 * in the background; a 401 without a known key is recorded for no key; a key keeps its newest
 * 1,000 requests; the key's portal page shows them to its provider only.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { expectFailure } from "../../support/http/envelope";
import {
  callWith,
  type KeyOwner,
  keyOwner,
  LOOKUPS,
  lookupWith,
  sleepUntil,
  utcIn,
} from "../../support/keys/key-actions";
import { openTestDb } from "../../support/server/test-db";

const testDb = openTestDb();
let owner: KeyOwner;
let other: KeyOwner;

beforeAll(async () => {
  owner = await keyOwner();
  other = await keyOwner();
});

const logOf = (apiKeyId: string) =>
  testDb()
    .db()
    .apiKeyRequest.findMany({ where: { apiKeyId }, orderBy: { id: "desc" } });
/** Written within a flush (250 ms) of the answer: wait for the rows, not for a time. */
const POLL = { timeout: 15_000, interval: 100 };

describe("the request log", () => {
  it("records every answer to the key, errors with their guid, newest first", async () => {
    const { key, apiKeyId } = await owner.newKey({ name: "logged" });
    const missing = `missing-${randomUUID()}`;
    const before = Date.now();
    expect((await lookupWith(key)).status).toBe(200);
    const notFound = await callWith(key, `/api/DeliveryChannel/Get/${missing}`);
    const badBody = await callWith(key, LOOKUPS, '{"data":');
    const wrongMethod = await callWith(key, LOOKUPS);
    expectFailure(notFound, 404, "NotFound", "Not Found");
    expectFailure(badBody, 400, "ValidationError", "Invalid Request Body");
    expect(wrongMethod.status).toBe(405);

    await expect.poll(async () => (await logOf(apiKeyId)).length, POLL).toBe(3);
    const rows = await logOf(apiKeyId);
    expect(rows.map(({ method, path, status, errorGuid }) => ({ method, path, status, errorGuid }))).toEqual([
      { method: "POST", path: LOOKUPS, status: 400, errorGuid: badBody.json.error.guid },
      {
        method: "GET",
        path: `/api/DeliveryChannel/Get/${missing}`,
        status: 404,
        errorGuid: notFound.json.error.guid,
      },
      { method: "POST", path: LOOKUPS, status: 200, errorGuid: null },
    ]);
    for (const row of rows) {
      expect(row.at.getTime()).toBeGreaterThanOrEqual(before - 1_000);
      expect(row.at.getTime()).toBeLessThanOrEqual(Date.now());
    }
  });

  it("records a 401 of an expired key against it, and a 401 of an unknown key against none", async () => {
    const expiresAt = utcIn(2_500);
    const { key, apiKeyId } = await owner.newKey({ name: "brief", expiresAt });
    await sleepUntil(new Date(`${expiresAt}Z`).getTime() + 100);
    const expired = await lookupWith(key);
    expectFailure(expired, 401, "Unauthorized", "API Key has expired");
    const unknownPath = `/api/DeliveryChannel/Get/unknown-${randomUUID()}`;
    expect((await callWith(`dcp_${"B".repeat(43)}`, unknownPath)).status).toBe(401);
    // A later answer to a known key is in the log: its batch, or a later one, was written.
    await expect.poll(async () => (await logOf(apiKeyId)).length, POLL).toBe(1);
    expect((await logOf(apiKeyId))[0]).toMatchObject({ status: 401, errorGuid: expired.json.error.guid });
    const sentinel = await owner.newKey({ name: "sentinel" });
    await lookupWith(sentinel.key);
    await expect.poll(async () => (await logOf(sentinel.apiKeyId)).length, POLL).toBe(1);
    expect(
      await testDb()
        .db()
        .apiKeyRequest.count({ where: { path: unknownPath } }),
    ).toBe(0);
  });

  it("keeps a key's newest 1,000 requests, trimming older batches in the database", async () => {
    const { key, apiKeyId } = await owner.newKey({ name: "busy" });
    const paths = Array.from(
      { length: 1_050 },
      (_, n) => `/api/DeliveryChannel/Get/req-${String(n).padStart(4, "0")}`,
    );
    const send = async (batch: string[]) => {
      for (let start = 0; start < batch.length; start += 50) {
        await Promise.all(batch.slice(start, start + 50).map((path) => callWith(key, path)));
      }
    };
    const count = () => testDb().db().apiKeyRequest.count({ where: { apiKeyId } });
    // The first 1,000 are written before the last 50 are sent: the trim must happen in the database.
    await send(paths.slice(0, 1_000));
    await expect.poll(count, POLL).toBe(1_000);
    await send(paths.slice(1_000));
    // Each 50 are answered in any order, but after the 50 before them: the oldest 50 are the first.
    const missing = async () => {
      const kept = new Set((await logOf(apiKeyId)).map((row) => row.path));
      return paths.slice(1_000).filter((path) => !kept.has(path)).length;
    };
    await expect.poll(missing, POLL).toBe(0);
    expect(await count()).toBe(1_000);
    const kept = new Set((await logOf(apiKeyId)).map((row) => row.path));
    expect(paths.slice(0, 50).filter((path) => kept.has(path))).toEqual([]);
    expect(paths.slice(50).filter((path) => !kept.has(path))).toEqual([]);
  });
});

describe("the key's page", () => {
  it("shows the provider its key's requests, and another provider a not-found page", async () => {
    const { key, apiKeyId } = await owner.newKey({ name: "paged" });
    const path = `/api/DeliveryChannel/Get/shown-${randomUUID()}`;
    const answer = await callWith(key, path);
    await expect.poll(async () => (await logOf(apiKeyId)).length, POLL).toBe(1);

    const own = await owner.session.get(`/keys/${apiKeyId}`);
    expect(own.status).toBe(200);
    expect(own.body).toContain(path);
    expect(own.body).toContain(answer.json.error.guid);
    const list = await owner.session.get("/keys");
    expect(list.body).toContain("paged");

    const foreign = await other.session.get(`/keys/${apiKeyId}`);
    expect(foreign.status).toBe(404);
    expect(foreign.body).not.toContain(path);
    expect((await other.session.get("/keys")).body).not.toContain("paged");
    expect((await other.session.get(`/keys/${randomUUID()}?page=99999999999999999999`)).status).toBe(404);
  });

  it("warns on every portal page while an active key expires within 7 days", async () => {
    const warned = await keyOwner();
    expect((await warned.session.get("/channels")).body).not.toContain("API keys expiring soon");
    await warned.newKey({ name: "soon", expiresAt: utcIn(3 * 86_400_000) });
    await warned.newKey({ name: "later", expiresAt: utcIn(30 * 86_400_000) });
    for (const page of ["/channels", "/webhooks", "/keys"]) {
      const body = (await warned.session.get(page)).body;
      expect(body).toContain("API keys expiring soon");
      expect(body).toContain("soon (dcp_");
      expect(body).not.toContain("later (dcp_");
    }
  });
});
