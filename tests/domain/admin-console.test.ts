/**
 * The admin console's reads and the key regeneration on the real database: the queue holds only
 * pending requests, oldest first, filtered by provider, kind and age; regenerating a key revokes the
 * provider's other keys and the new one works over HTTP.
 */
import { randomUUID } from "node:crypto";
import { expect, inject, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import { approvalQueue } from "@/lib/domain/admin-console";
import { createProvider, issueApiKey, regenerateApiKey } from "@/lib/domain/api-keys";
import { decideRequest } from "@/lib/domain/approvals";
import { requestChannelCreate, requestChannelUpdate } from "@/lib/domain/channels";
import { minimalChannelBody } from "../support/channel-bodies";
import { openTestDb } from "../support/test-db";

const database = openTestDb();

it("the queue: pending only, oldest first, by provider, kind and age", async () => {
  const provider = (await createProvider(`Queue ${randomUUID()}`)).id;
  const body = (id: string) => minimalChannelBody(id) as ChannelBody;
  const day = 86_400_000;
  const now = new Date();
  await requestChannelCreate(provider, body("old"), new Date(now.getTime() - 10 * day));
  await requestChannelCreate(provider, body("recent"), new Date(now.getTime() - 2 * day));
  await requestChannelCreate(provider, body("decided"), new Date(now.getTime() - 20 * day));
  const decided = await database()
    .db()
    .channelRequest.findFirstOrThrow({
      where: { channel: { providerId: provider, providerDeliveryChannelId: "decided" } },
    });
  await decideRequest({ id: "admin", providerId: null }, decided.id, { approve: true });
  await requestChannelUpdate(
    provider,
    { ...body("decided"), status: "OFFLINE" },
    new Date(now.getTime() - day),
  );

  const ids = async (filter: Parameters<typeof approvalQueue>[0]) =>
    (await approvalQueue({ providerId: provider, ...filter }, now)).requests.map(
      (r) => `${r.kind}:${r.channel.providerDeliveryChannelId}`,
    );
  expect(await ids({})).toEqual(["CREATE:old", "CREATE:recent", "UPDATE_STATUS:decided"]);
  expect(await ids({ kind: "UPDATE_STATUS" })).toEqual(["UPDATE_STATUS:decided"]);
  expect(await ids({ olderThanDays: 7 })).toEqual(["CREATE:old"]);
  expect((await approvalQueue({ providerId: (await createProvider("Empty")).id }, now)).total).toBe(0);
});

it("regenerating a key revokes the provider's other keys; the new one works", async () => {
  const provider = (await createProvider(`Keys ${randomUUID()}`)).id;
  const old = await issueApiKey(provider);
  const key = await regenerateApiKey(provider);
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
