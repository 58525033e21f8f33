/**
 * The admin console's reads and the key regeneration on the real database: the queue holds only
 * pending requests, oldest first, filtered by provider, kind and age; regenerating a key revokes the
 * provider's other keys and the new one works over HTTP.
 */

import { randomUUID } from "node:crypto";
import { expect, inject, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import {
  allChannels,
  channelRequestQueue,
  decideChannelRequest,
  requestChannelCreate,
  requestChannelUpdate,
} from "@/lib/domain/channels";
import { requestedColumns } from "@/lib/domain/channels/columns";
import { issueApiKey, regenerateApiKey } from "@/lib/domain/keys";
import { createProvider } from "@/lib/domain/providers";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { migrationFill } from "../../support/server/migration-fill";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor, reviewerActor } from "../../support/users/actors";

const database = openTestDb();

it("the queue: pending only, oldest first, by provider, kind and age", async () => {
  const provider = (await createProvider(ADMIN, `Queue ${randomUUID()}`)).id;
  const body = (id: string) => minimalChannelBody(id) as ChannelBody;
  const day = 86_400_000;
  const now = new Date();
  await requestChannelCreate(providerActor(provider), body("old"), new Date(now.getTime() - 10 * day));
  await requestChannelCreate(providerActor(provider), body("recent"), new Date(now.getTime() - 2 * day));
  await requestChannelCreate(providerActor(provider), body("decided"), new Date(now.getTime() - 20 * day));
  const decided = await database()
    .db()
    .channelRequest.findFirstOrThrow({
      where: { channel: { providerId: provider, providerDeliveryChannelId: "decided" } },
    });
  await decideChannelRequest(reviewerActor("admin", null), decided.id, { approve: true });
  await requestChannelUpdate(
    providerActor(provider),
    { ...body("decided"), status: "OFFLINE" },
    new Date(now.getTime() - day),
  );

  const ids = async (filter: Parameters<typeof channelRequestQueue>[1]) =>
    (await channelRequestQueue(ADMIN, { providerId: provider, ...filter }, now)).requests.map(
      (r) => `${r.kind}:${r.channel.providerDeliveryChannelId}`,
    );
  expect(await ids({})).toEqual(["CREATE:old", "CREATE:recent", "UPDATE_STATUS:decided"]);
  expect(await ids({ kind: "UPDATE_STATUS" })).toEqual(["UPDATE_STATUS:decided"]);
  expect(await ids({ olderThanDays: 7 })).toEqual(["CREATE:old"]);
  expect(
    (await channelRequestQueue(ADMIN, { providerId: (await createProvider(ADMIN, "Empty")).id }, now)).total,
  ).toBe(0);
});

it("the channels overview filters by category and by the countries a channel is available in", async () => {
  const provider = (await createProvider(ADMIN, `Filters ${randomUUID()}`)).id;
  const channel = (id: string, availability: Record<string, unknown>, language = "EN") =>
    ({
      ...minimalChannelBody(id),
      name: { language, translation: id },
      availability: { categoriesSupported: ["CASH"], ...availability },
    }) as ChannelBody;
  await Promise.all([
    requestChannelCreate(providerActor(provider), channel("bg-pl", { countriesSupported: ["BG", "PL"] })),
    requestChannelCreate(providerActor(provider), channel("no-list", { categoriesSupported: ["VOUCHERS"] })),
    requestChannelCreate(providerActor(provider), channel("null-list", { countriesSupported: null })),
    requestChannelCreate(providerActor(provider), channel("empty-list", { countriesSupported: [] })),
    // "BG" as the name's language and as an excluded country must not make it a Bulgarian channel.
    requestChannelCreate(
      providerActor(provider),
      channel("excludes-bg", { countriesExcluded: ["BG"] }, "BG"),
    ),
    requestChannelCreate(providerActor(provider), channel("pl-only", { countriesSupported: ["PL"] })),
  ]);
  const ids = async (filter: Parameters<typeof allChannels>[1]) =>
    (await allChannels(ADMIN, { providerId: provider, ...filter })).items
      .map((c) => c.providerDeliveryChannelId)
      .sort();

  expect(await ids({ country: "BG" })).toEqual(["bg-pl", "empty-list", "no-list", "null-list"]);
  expect(await ids({ country: "pl" })).toEqual([
    "bg-pl",
    "empty-list",
    "excludes-bg",
    "no-list",
    "null-list",
    "pl-only",
  ]);
  expect(await ids({ category: "VOUCHERS" })).toEqual(["no-list"]);
  expect(await ids({ category: "CASH", country: "BG" })).toEqual(["bg-pl", "empty-list", "null-list"]);

  // An update's new availability is what the filters see.
  await requestChannelUpdate(
    providerActor(provider),
    channel("pl-only", { countriesSupported: ["PL", "BG"] }),
  );
  await requestChannelUpdate(providerActor(provider), channel("bg-pl", { countriesSupported: ["PL"] }));
  expect(await ids({ country: "BG" })).toEqual(["empty-list", "no-list", "null-list", "pl-only"]);
});

it("regenerating a key revokes the provider's other keys; the new one works", async () => {
  const provider = (await createProvider(ADMIN, `Keys ${randomUUID()}`)).id;
  const old = await issueApiKey(ADMIN, provider);
  const key = await regenerateApiKey(ADMIN, provider);
  const call = (apiKey: string) =>
    fetch(`${inject("baseUrl")}/api/ClientSetting/GetLookUpValues`, {
      method: "POST",
      headers: { "x-api-key": apiKey, "content-type": "application/json" },
      body: JSON.stringify({ data: "Kyc" }),
    });
  expect((await call(key)).status).toBe(200);
  expect((await call(old.key)).status).toBe(401);
  expect(
    await database()
      .db()
      .apiKey.count({ where: { providerId: provider, revokedAt: null } }),
  ).toBe(1);
});

it("regenerating the key of a provider that does not exist is not found, not a database error", async () => {
  // Found by the hostile-input suite: the action logged a foreign key violation as a server error.
  await expect(regenerateApiKey(ADMIN, `no-such-provider-${randomUUID()}`)).rejects.toMatchObject({
    kind: "not_found",
  });
});

it("counts a list filtered by country up to 1,000 (each counted row is read), exactly below", async () => {
  const provider = (await createProvider(ADMIN, `Country count ${randomUUID()}`)).id;
  const rows = Array.from({ length: 1_001 }, (_, i) => {
    const body = minimalChannelBody(`qz-${i}`) as ChannelBody;
    const availability = { ...body.availability, countriesSupported: ["QZ"] } as ChannelBody["availability"];
    return {
      providerId: provider,
      providerDeliveryChannelId: `qz-${i}`,
      ...requestedColumns({ ...body, availability }),
    };
  });
  await database().db().channel.createMany({ data: rows });
  const filter = { providerId: provider, country: "qz" };
  expect(await allChannels(ADMIN, filter)).toMatchObject({ total: 1_000, totalCapped: true });
  await database()
    .db()
    .channel.deleteMany({
      where: { providerId: provider, providerDeliveryChannelId: { in: ["qz-0", "qz-1"] } },
    });
  expect(await allChannels(ADMIN, filter)).toMatchObject({ total: 999, totalCapped: false });
  expect(await allChannels(ADMIN, { providerId: provider })).toMatchObject({
    total: 999,
    totalCapped: false,
  });
});

it("a request carries its channel's provider, as the database writes it and the migration fills it in", async () => {
  const provider = (await createProvider(ADMIN, `Request provider ${randomUUID()}`)).id;
  await requestChannelCreate(providerActor(provider), minimalChannelBody("carried") as ChannelBody);
  const { db } = database();
  const providersOf = async (client: Pick<ReturnType<typeof db>, "channelRequest">) =>
    (await client.channelRequest.findMany({ where: { channel: { providerId: provider } } })).map(
      (request) => request.providerId,
    );
  expect(await providersOf(db())).toEqual([provider]);
  expect((await channelRequestQueue(ADMIN, { providerId: provider })).requests).toHaveLength(1);
  // As before the migration: no provider on the row. PostgreSQL's trigger would put it back on any
  // update, so there the rows are reset and filled with triggers off (replica role), in one transaction.
  const filled = await db().$transaction(async (tx) => {
    if (inject("databaseKind") === "postgres")
      await tx.$executeRawUnsafe("SET LOCAL session_replication_role = replica");
    await tx.$executeRawUnsafe(
      `UPDATE "ChannelRequest" SET "providerId" = '' WHERE "providerId" = '${provider}'`,
    );
    const reset = await tx.channelRequest.count({ where: { providerId: provider } });
    await tx.$executeRawUnsafe(migrationFill("20261125130000_request_filters"));
    return { reset, providers: await providersOf(tx) };
  });
  expect(filled).toEqual({ reset: 0, providers: [provider] });
});
