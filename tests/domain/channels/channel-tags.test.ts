/**
 * Issue 16: the console's category and country filters have an index (migration
 * 20261125120000_channel_tags). The database keeps one ChannelTag row per tag of
 * Channel.availabilityTags, whoever writes the channel; a filter whose tags name few channels reads
 * just those (lib/domain/channels/filters.ts), a common one reads the newest channels as before.
 * Both ways must list exactly the channels the filter's rule admits.
 */
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import type { ChannelBody } from "@/lib/contract/channel";
import { allChannels, requestChannelCreate, requestChannelUpdate } from "@/lib/domain/channels";
import type { ChannelFilter } from "@/lib/domain/channels/channel-lists";
import { EVERY_COUNTRY, requestedColumns } from "@/lib/domain/channels/columns";
import { ID_LIST_LIMIT } from "@/lib/domain/paging";
import { createProvider } from "@/lib/domain/providers";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { migrationStatement } from "../../support/server/migration-fill";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor } from "../../support/users/actors";

const database = openTestDb();
const MIGRATION = "20261125120000_channel_tags";

type Availability = Partial<ChannelBody["availability"]>;
const body = (id: string, availability: Availability) => {
  const minimal = minimalChannelBody(id) as ChannelBody;
  return { ...minimal, availability: { ...minimal.availability, ...availability } } as ChannelBody;
};

/** Each channel's tags as the database keeps them, and as its availabilityTags column lists them. */
async function tagsOf(providerId: string) {
  const channels = await database()
    .db()
    .channel.findMany({
      where: { providerId },
      select: { providerDeliveryChannelId: true, availabilityTags: true, tags: { select: { tag: true } } },
    });
  const kept = (tags: { tag: string }[]) => tags.map((row) => row.tag).sort();
  const listed = (column: string) => [...new Set(column.split(",").filter(Boolean))].sort();
  return Object.fromEntries(
    channels.map((channel) => [
      channel.providerDeliveryChannelId,
      { kept: kept(channel.tags), listed: listed(channel.availabilityTags) },
    ]),
  );
}

it("keeps a channel's tags as its requested availability changes, and drops them with the channel", async () => {
  const provider = (await createProvider(ADMIN, `Tags ${randomUUID()}`)).id;
  const owner = providerActor(provider);
  await requestChannelCreate(
    owner,
    body("listed", { countriesSupported: ["BG", "PL"], countriesExcluded: ["HN"] }),
  );
  await requestChannelCreate(owner, body("everywhere", { countriesSupported: null }));
  let tags = await tagsOf(provider);
  expect(tags.listed?.kept).toEqual(["category:CASH", "excluded:HN", "supported:BG", "supported:PL"]);
  expect(tags.everywhere?.kept).toEqual(["category:CASH", EVERY_COUNTRY]);

  await requestChannelUpdate(
    owner,
    body("listed", { countriesSupported: [], categoriesSupported: ["VOUCHERS"] }),
  );
  tags = await tagsOf(provider);
  expect(tags.listed?.kept).toEqual(["category:VOUCHERS", EVERY_COUNTRY]);
  for (const { kept, listed } of Object.values(tags)) expect(kept).toEqual(listed);

  await database()
    .db()
    .channel.deleteMany({ where: { providerId: provider } });
  expect(
    await database()
      .db()
      .channelTag.count({ where: { channel: { providerId: provider } } }),
  ).toBe(0);
});

it("tags the channels that existed before the migration as the database tags new ones", async () => {
  const provider = (await createProvider(ADMIN, `Tags migrated ${randomUUID()}`)).id;
  const owner = providerActor(provider);
  await requestChannelCreate(owner, body("listed", { countriesSupported: ["BG"] }));
  await requestChannelCreate(owner, body("everywhere", { countriesSupported: [] }));
  const written = await tagsOf(provider);
  // As they were: no tag rows (the fill tags every channel), no "every country" tag in the column.
  const { db } = database();
  await db().$executeRawUnsafe(
    `UPDATE "Channel" SET "availabilityTags" = replace("availabilityTags", '${EVERY_COUNTRY},', '') WHERE "providerId" = '${provider}'`,
  );
  await db().$executeRawUnsafe(migrationStatement(MIGRATION, `UPDATE "Channel"`));
  // Its triggers were created after it: the update's tags go, the fill writes every channel's.
  await db().channelTag.deleteMany({});
  await db().$executeRawUnsafe(migrationStatement(MIGRATION, `INSERT INTO "ChannelTag"`));
  expect(await tagsOf(provider)).toEqual(written);
});

/** Every channel of the provider the console lists with the filter, walking all its pages. */
async function listed(providerId: string, filter: ChannelFilter) {
  const ids: string[] = [];
  let page = await allChannels(ADMIN, { providerId, ...filter });
  ids.push(...page.items.map((item) => item.providerDeliveryChannelId));
  while (page.next) {
    page = await allChannels(ADMIN, { providerId, ...filter, after: page.next });
    ids.push(...page.items.map((item) => item.providerDeliveryChannelId));
  }
  expect(new Set(ids).size).toBe(ids.length);
  return { ids: ids.sort(), total: page.total };
}

it(`lists what a filter admits whether its tags name few channels or more than ${ID_LIST_LIMIT}`, async () => {
  const provider = (await createProvider(ADMIN, `Tag filters ${randomUUID()}`)).id;
  // Country codes of this test only: "XA" names few channels, "XB" more than the id list holds.
  const kinds: Record<string, Availability> = {
    "xa-only": { countriesSupported: ["XA"] },
    "xa-xb": { countriesSupported: ["XA", "XB"], categoriesSupported: ["VOUCHERS"] },
    everywhere: { countriesSupported: null },
    "not-xa": { countriesSupported: [], countriesExcluded: ["XA"] },
    "xb-only": { countriesSupported: ["XB"] },
  };
  const counts: Record<string, number> = { "xa-only": 7, "xa-xb": 5, everywhere: 4, "not-xa": 3 };
  counts["xb-only"] = ID_LIST_LIMIT + 10;
  const rows = Object.entries(counts).flatMap(([kind, count]) =>
    Array.from({ length: count }, (_, i) => {
      const id = `${kind}-${i}`;
      return {
        providerId: provider,
        providerDeliveryChannelId: id,
        ...requestedColumns(body(id, kinds[kind]!)),
      };
    }),
  );
  await database().db().channel.createMany({ data: rows });
  const of = (...kindsAdmitted: string[]) =>
    rows
      .map((row) => row.providerDeliveryChannelId)
      .filter((id) => kindsAdmitted.includes(id.replace(/-\d+$/, "")))
      .sort();

  const xa = await listed(provider, { country: "xa" });
  expect(xa).toEqual({ ids: of("xa-only", "xa-xb", "everywhere"), total: 16 });
  const xb = await listed(provider, { country: "XB" });
  expect(xb.ids).toEqual(of("xa-xb", "everywhere", "not-xa", "xb-only"));
  expect((await listed(provider, { category: "vouchers" })).ids).toEqual(of("xa-xb"));
  expect((await listed(provider, { category: "CASH", country: "XA" })).ids).toEqual(
    of("xa-only", "everywhere"),
  );
  expect((await listed(provider, { category: "CASH", country: "XB" })).ids).toEqual(
    of("everywhere", "not-xa", "xb-only"),
  );
});

it("a filter value that is no category or country code (a wildcard, a NUL…) matches nothing rather than failing", async () => {
  for (const value of ["B\0G", "\uD800", "%", "_", "B%", "supported:*", "*", "BGR"]) {
    for (const filter of [{ country: value }, { category: value }] as ChannelFilter[])
      expect((await allChannels(ADMIN, filter)).items, JSON.stringify(filter)).toEqual([]);
  }
});

it("a provider or status no database stores matches nothing rather than failing", async () => {
  for (const filter of [
    { providerId: "p\0" },
    { status: "ONLINE\0" },
    { providerId: "\uDC00" },
  ] as ChannelFilter[])
    expect((await allChannels(ADMIN, filter)).items, JSON.stringify(filter)).toEqual([]);
});
