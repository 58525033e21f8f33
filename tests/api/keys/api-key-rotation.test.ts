/**
 * API keys rotated without downtime (docs/keys.md "API keys"), over real HTTP: keys made, rolled and
 * revoked through the keys page's server actions as a provider's browser calls them, then used
 * against the API. Scope (a read-only key may call View and lookups only), expiry (refused like a
 * revoked key, saying it expired), a roll's overlap (both keys until the grace end, then only the
 * new one), and what the actions refuse.
 */
import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, inject, it } from "vitest";
import { expectFailure } from "../../support/http/envelope";
import { shownMarkup, signedIn } from "../../support/http/portal-session";
import {
  callWith,
  type KeyOwner,
  keyOwner,
  LOOKUPS,
  lookupWith,
  sleepUntil,
  utcIn,
} from "../../support/keys/key-actions";
import { SUBSCRIPTION } from "../../support/server/operations";
import { openTestDb } from "../../support/server/test-db";

const testDb = openTestDb();
let owner: KeyOwner;
let other: KeyOwner;

beforeAll(async () => {
  owner = await keyOwner();
  other = await keyOwner();
});

const channel = (id: string) => ({
  providerDeliveryChannelId: id,
  name: { language: "EN", translation: "Cash pick-up" },
  landingPage: "www.example.org",
  availability: { categoriesSupported: ["CASH"] },
});

describe("scope", () => {
  it("lets a read-only key call View and the lookups, and refuses it every change with a 403", async () => {
    const { key } = await owner.newKey({ name: "reporting", scope: "read" });
    const id = randomUUID();
    expect((await lookupWith(key)).status).toBe(200);
    const view = await callWith(key, `/api/DeliveryChannel/Get/${id}`);
    expectFailure(view, 404, "NotFound", "Not Found");
    for (const [path, body] of [
      ["/api/DeliveryChannel/Create", channel(id)],
      ["/api/DeliveryChannel/Update", channel(id)],
      ["/api/Event/Subscribe", SUBSCRIPTION],
    ] as const) {
      const refused = await callWith(key, path, body);
      expectFailure(refused, 403, "Forbidden", "Forbidden", new RegExp(`read-only.*POST ${path}`));
    }
    // Nothing was created: a full key of the same provider does not find the channel either.
    const full = await owner.newKey({ name: "full" });
    expect((await callWith(full.key, `/api/DeliveryChannel/Get/${id}`)).status).toBe(404);
    expect((await callWith(full.key, "/api/DeliveryChannel/Create", channel(id))).status).toBe(200);
  });
});

describe("expiry", () => {
  it("serves a key until its expiry, then refuses it with a 401 that says it expired", async () => {
    const expiresAt = utcIn(3_000);
    const { key } = await owner.newKey({ name: "short-lived", expiresAt });
    expect((await lookupWith(key)).status).toBe(200);
    // The verified key is cached: the cache must not outlive the key.
    await sleepUntil(new Date(`${expiresAt}Z`).getTime() + 100);
    const refused = await lookupWith(key);
    expectFailure(refused, 401, "Unauthorized", "API Key has expired", /^This API key expired at 20\d\d-/);
  });

  it("lists several active keys of one provider, each working", async () => {
    const keys = await Promise.all([1, 2, 3].map((n) => owner.newKey({ name: `parallel ${n}` })));
    for (const { key } of keys) expect((await lookupWith(key)).status).toBe(200);
  });
});

describe("roll", () => {
  it("keeps the old key working until the grace end, then only the new one", async () => {
    const old = await owner.newKey({ name: "production", scope: "full" });
    expect((await lookupWith(old.key)).status).toBe(200);
    const graceEndsAt = utcIn(3_000);
    const rolled = await owner.act("rollApiKeyAction", { apiKeyId: old.apiKeyId, graceEndsAt });
    expect(rolled).toMatchObject({ ok: true, data: { key: expect.stringMatching(/^dcp_/) } });
    const successor: string = rolled.data.key;
    expect((await lookupWith(old.key)).status).toBe(200);
    expect((await lookupWith(successor)).status).toBe(200);

    const keys = await testDb()
      .db()
      .apiKey.findMany({ where: { id: { in: [old.apiKeyId, rolled.data.apiKeyId] } } });
    const byId = new Map(keys.map((key) => [key.id, key]));
    expect(byId.get(old.apiKeyId)?.expiresAt?.toISOString()).toBe(`${graceEndsAt}.000Z`);
    expect(byId.get(rolled.data.apiKeyId)).toMatchObject({
      name: "production",
      scope: "full",
      expiresAt: null,
    });

    await sleepUntil(new Date(`${graceEndsAt}Z`).getTime() + 100);
    expectFailure(await lookupWith(old.key), 401, "Unauthorized", "API Key has expired");
    expect((await lookupWith(successor)).status).toBe(200);
  });

  it("gives a read-only key's successor the same scope", async () => {
    const old = await owner.newKey({ name: "reports", scope: "read" });
    const rolled = await owner.act("rollApiKeyAction", {
      apiKeyId: old.apiKeyId,
      graceEndsAt: utcIn(3_600_000),
    });
    expect(rolled.ok).toBe(true);
    const create = await callWith(rolled.data.key, "/api/DeliveryChannel/Create", channel(randomUUID()));
    expect(create.status).toBe(403);
    expect((await lookupWith(old.key)).status).toBe(200);
  });

  it("revokes at once, whatever the grace end", async () => {
    const old = await owner.newKey({ name: "leaked" });
    await owner.act("rollApiKeyAction", { apiKeyId: old.apiKeyId, graceEndsAt: utcIn(3_600_000) });
    expect(await owner.act("revokeApiKeyAction", { apiKeyId: old.apiKeyId })).toMatchObject({ ok: true });
    expectFailure(await lookupWith(old.key), 401, "Unauthorized", "API Key is invalid", null);
  });
});

describe("what the actions refuse", () => {
  it.each([
    ["a name of 100,001 characters", { name: "n".repeat(100_001) }, "name"],
    ["an empty name", { name: "   " }, "name"],
    ["an unknown scope", { scope: "admin" }, "scope"],
    ["an expiry that is no date", { expiresAt: "2026-02-30T10:00" }, "expiresAt"],
    ["an expiry in the past", { expiresAt: utcIn(-60_000) }, "expiresAt"],
    ["an expiry 20 years ahead", { expiresAt: utcIn(20 * 365 * 86_400_000) }, "expiresAt"],
    ["an object for the expiry", { expiresAt: { $gt: "" } }, "expiresAt"],
  ])("create: %s, at its field", async (_label, change, field) => {
    const result = await owner.act("createApiKeyAction", {
      name: "k",
      scope: "full",
      expiresAt: "",
      ...change,
    });
    expect(result.ok).toBe(false);
    expect(Object.keys(result.fieldErrors ?? {})).toEqual([field]);
  });

  it.each([
    ["a grace end 31 days ahead", utcIn(31 * 86_400_000)],
    ["a grace end an hour ago", utcIn(-3_600_000)],
    ["a grace end that is no date", "tomorrow"],
    ["a grace end in year 99999", "99999-01-01T00:00"],
  ])("roll: %s, at its field, and the key unchanged", async (_label, graceEndsAt) => {
    const { apiKeyId } = await owner.newKey({ name: "steady" });
    const result = await owner.act("rollApiKeyAction", { apiKeyId, graceEndsAt });
    expect(result.ok).toBe(false);
    expect(Object.keys(result.fieldErrors ?? {})).toEqual(["graceEndsAt"]);
    const key = await testDb()
      .db()
      .apiKey.findUniqueOrThrow({ where: { id: apiKeyId } });
    expect(key.expiresAt).toBeNull();
  });

  it("refuses to roll or revoke another provider's key, which keeps working", async () => {
    const theirs = await other.newKey({ name: "theirs" });
    for (const [action, input] of [
      ["rollApiKeyAction", { apiKeyId: theirs.apiKeyId, graceEndsAt: utcIn(0) }],
      ["revokeApiKeyAction", { apiKeyId: theirs.apiKeyId }],
    ] as const) {
      const result = await owner.act(action, input);
      expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/No such active key/) });
    }
    expect((await lookupWith(theirs.key)).status).toBe(200);
    expect(
      await testDb()
        .db()
        .apiKey.count({ where: { providerId: other.providerId } }),
    ).toBe(1);
  });

  it("refuses to roll an expired or revoked key", async () => {
    const gone = await owner.newKey({ name: "gone" });
    await owner.act("revokeApiKeyAction", { apiKeyId: gone.apiKeyId });
    const result = await owner.act("rollApiKeyAction", { apiKeyId: gone.apiKeyId, graceEndsAt: utcIn(0) });
    expect(result).toMatchObject({ ok: false, error: expect.stringMatching(/No such active key/) });
  });
});

it("documents the 403 of a read-only key on the operations that change something, not on View or lookups", async () => {
  const document = await (await fetch(`${inject("baseUrl")}/api/openapi.json`)).json();
  const responses = (path: string, method: string) => Object.keys(document.paths[path][method].responses);
  expect(responses("/api/DeliveryChannel/Create", "post")).toContain("403");
  expect(responses("/api/Event/Subscribe", "post")).toContain("403");
  expect(responses(LOOKUPS, "post")).not.toContain("403");
  expect(responses("/api/DeliveryChannel/Get/{providerDeliveryChannelId}", "get")).not.toContain("403");
});

describe("the expiry warning on every page (issue 30, finding 7)", () => {
  const DAY = 24 * 3600_000;
  const BANNER = "API keys expiring soon";

  it("warns whoever can roll a key nobody rolled, and no viewer", async () => {
    const provider = await keyOwner();
    await provider.newKey({ name: "expiring-unrolled", expiresAt: utcIn(3 * DAY) });
    const ownerPage = await provider.session.get("/channels");
    expect(ownerPage.body).toContain(BANNER);
    expect(ownerPage.body).toContain("expiring-unrolled");
    const viewer = await signedIn(["viewer"], provider.providerId);
    expect((await viewer.get("/channels")).body).not.toContain(BANNER);
  });

  it("says nothing of the old key of a roll, which is meant to expire", async () => {
    const provider = await keyOwner();
    const old = await provider.newKey({ name: "rolled-away" });
    const rolled = await provider.act("rollApiKeyAction", {
      apiKeyId: old.apiKeyId,
      graceEndsAt: utcIn(2 * DAY),
    });
    expect(rolled.ok).toBe(true);
    expect((await provider.session.get("/channels")).body).not.toContain(BANNER);
    const list = (await provider.session.get("/keys")).body;
    expect(list).toContain(`replaced by ${rolled.data.prefix}…`);
  });

  it("stays closed for the keys dismissed in that browser, and warns of a new one", async () => {
    const provider = await keyOwner();
    const first = await provider.newKey({ name: "dismissed-one", expiresAt: utcIn(3 * DAY) });
    const get = (cookie: string) =>
      fetch(`${inject("baseUrl")}/channels`, {
        headers: { cookie: `${provider.session.cookie}; ${cookie}` },
      }).then(async (answer) => shownMarkup(await answer.text()));
    expect(await get(`dismissed-key-warnings=${first.apiKeyId}`)).not.toContain(BANNER);
    await provider.newKey({ name: "second-one", expiresAt: utcIn(3 * DAY) });
    const page = await get(`dismissed-key-warnings=${first.apiKeyId}`);
    expect(page).toContain("second-one");
    expect(page).not.toContain("dismissed-one");
  });
});
