/**
 * The portal's channel list on the real database: paging through 3,000 channels, search, the pending
 * request, and tenant isolation of the list and the channel page.
 */

import { randomUUID } from "node:crypto";
import { beforeAll, expect, it } from "vitest";
import {
  availabilityTags,
  CHANNELS_PAGE_SIZE,
  type ChannelContent,
  listProviderChannels,
  providerChannelDetail,
  searchText,
} from "@/lib/domain/channels";
import type { PageQuery } from "@/lib/domain/paging";
import { createProvider } from "@/lib/domain/providers";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { walkBackward, walkForward } from "../../support/contract/keyset";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor } from "../../support/users/actors";

const database = openTestDb();
const COUNT = 3000;
let owner: string;
let stranger: string;

beforeAll(async () => {
  owner = (await createProvider(ADMIN, `Many channels ${randomUUID()}`)).id;
  stranger = (await createProvider(ADMIN, `Stranger ${randomUUID()}`)).id;
  const start = Date.UTC(2026, 0, 1);
  // Written directly (each with its own change time), with the filter columns create would write.
  const rows = Array.from({ length: COUNT }, (_, i) => {
    const content = {
      ...minimalChannelBody(`bulk-${String(i).padStart(4, "0")}`),
      name: { language: "EN", translation: i % 100 === 0 ? `Rare Kiosk ${i}` : `Channel ${i}` },
      ...(i % 1000 === 1 && { shortDescription: { language: "BG", translation: "Каса в ПОЩАТА" } }),
    } as ChannelContent;
    return {
      id: randomUUID(),
      providerId: owner,
      providerDeliveryChannelId: content.providerDeliveryChannelId,
      requestedContent: JSON.stringify(content),
      availabilityTags: availabilityTags(content.availability),
      searchText: searchText(content),
      updatedAt: new Date(start + i * 1000),
    };
  });
  for (let i = 0; i < rows.length; i += 500)
    await database()
      .db()
      .channel.createMany({ data: rows.slice(i, i + 500) });
}, 120_000);

it("pages through 3,000 channels newest change first, each exactly once, and back", async () => {
  const read = (query: PageQuery) => listProviderChannels(providerActor(owner), query);
  const first = await read({});
  expect(first).toMatchObject({ total: COUNT, totalCapped: false, previous: null });
  expect(first.items).toHaveLength(CHANNELS_PAGE_SIZE);
  expect(first.items[0]!.providerDeliveryChannelId).toBe("bulk-2999");
  const ids = (pages: { providerDeliveryChannelId: string }[][]) =>
    pages.flat().map((item) => item.providerDeliveryChannelId);
  const forward = await walkForward(read);
  expect(forward).toHaveLength(COUNT / CHANNELS_PAGE_SIZE);
  const expected = Array.from({ length: COUNT }, (_, i) => `bulk-${String(COUNT - 1 - i).padStart(4, "0")}`);
  expect(ids(forward)).toEqual(expected);
  const second = await read({ after: first.next ?? "" });
  expect(ids(await walkBackward(read, second))).toEqual(expected.slice(0, 2 * CHANNELS_PAGE_SIZE));
});

it("searches ids and names", async () => {
  const rare = await listProviderChannels(providerActor(owner), { q: "Rare Kiosk" });
  expect(rare.total).toBe(30);
  expect(rare.items.every((item) => item.name.startsWith("Rare Kiosk"))).toBe(true);
  expect(
    (await listProviderChannels(providerActor(owner), { q: "bulk-0042" })).items.map(
      (item) => item.providerDeliveryChannelId,
    ),
  ).toEqual(["bulk-0042"]);
});

it("searches words, in any case and script, not the content's JSON keys or codes", async () => {
  const found = async (q: string) => (await listProviderChannels(providerActor(owner), { q })).total;
  expect(await found("rare kiosk")).toBe(30);
  expect(await found("каса в пощата")).toBe(3);
  expect(await found("КАСА")).toBe(3);
  expect(await found("moneygram")).toBe(COUNT); // every landing page
  for (const structure of ["translation", "language", "availability", "categoriesSupported", '"'])
    expect(await found(structure)).toBe(0);
  expect(await found("CASH")).toBe(0); // a category code: the console's filters, not a word
});

it("shows another provider nothing of these channels", async () => {
  expect((await listProviderChannels(providerActor(stranger), {})).total).toBe(0);
  expect((await listProviderChannels(providerActor(stranger), { q: "bulk-0042" })).total).toBe(0);
  expect(await providerChannelDetail(providerActor(stranger), "bulk-0042")).toBeNull();
});
