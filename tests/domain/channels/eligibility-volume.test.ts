/**
 * Eligibility over more channels than a page or a read holds (lib/domain/channels/eligible-channels.ts reads approved
 * channels in batches by id, which UUIDv7 makes oldest first, until a page is full): every eligible
 * channel exactly once, in id order, across batch and page boundaries, forwards and backwards.
 */
import { expect, it } from "vitest";
import { ELIGIBLE_PAGE_SIZE, eligibleChannels } from "@/lib/domain/channels/eligible-channels";
import { approvedServingChannels, everyEligible } from "../../support/channels/eligibility-setup";
import { openOwnDatabase } from "../../support/server/own-database";
import { ADMIN } from "../../support/users/actors";

// A database of its own (its 2,400 channels would hold the shared one's write lock), opened for the
// support helpers, which read it through lib/db.
openOwnDatabase();

it("pages through every eligible channel across read batches, oldest first, and back", async () => {
  // Every third supports VOUCHERS, the rest CASH; all only in QZ.
  const { programId, rows: created } = await approvedServingChannels(
    Array.from({ length: 2_400 }, (_, i) => ({
      categoriesSupported: [i % 3 === 0 ? "VOUCHERS" : "CASH"],
      countriesSupported: ["QZ"],
    })),
    "QZ",
  );
  const offering = (category: string) =>
    created
      .filter((row) => row.approvedContent.includes(`"${category}"`))
      .map((row) => row.providerDeliveryChannelId);
  const forward = async (category: string) =>
    (await everyEligible({ category, country: "QZ" }, programId)).map(
      (channel) => channel.providerDeliveryChannelId,
    );
  expect(await forward("VOUCHERS")).toEqual(offering("VOUCHERS"));
  expect(await forward("CASH")).toEqual(offering("CASH"));
  expect(await forward("FOOD")).toEqual([]);

  // Back from the last page to the first: the same channels, each page full.
  const criteria = { category: "CASH", country: "QZ" };
  let page = await eligibleChannels(ADMIN, criteria, { programId });
  while (page.next) page = await eligibleChannels(ADMIN, criteria, { programId, after: page.next });
  const backward = page.items.map((channel) => channel.providerDeliveryChannelId);
  while (page.previous) {
    page = await eligibleChannels(ADMIN, criteria, { programId, before: page.previous });
    expect(page.items).toHaveLength(ELIGIBLE_PAGE_SIZE);
    backward.unshift(...page.items.map((channel) => channel.providerDeliveryChannelId));
  }
  expect(backward).toEqual(offering("CASH"));
});

it("reads a criterion few channels meet by id, with the channels it does not restrict", async () => {
  // Among the 2,400 channels above (which all restrict the country), few name QY or no country.
  const { rows } = await approvedServingChannels(
    [
      ...Array.from({ length: 3 }, () => ({ categoriesSupported: ["CASH"], countriesSupported: ["QY"] })),
      { categoriesSupported: ["CASH"], countriesSupported: [] },
      { categoriesSupported: ["CASH"], countriesExcluded: ["QY"] },
      { categoriesSupported: ["VOUCHERS"] },
    ],
    "QY",
  );
  // Rows come in id order: pick them by their index among the availabilities above.
  const made = (...indexes: number[]) =>
    rows
      .filter((row) => indexes.includes(Number(row.providerDeliveryChannelId.slice(3))))
      .map((row) => row.id);
  const ids = (channels: { id: string }[]) => channels.map((channel) => channel.id);
  expect(ids(await everyEligible({ country: "QY", category: "CASH" }))).toEqual(made(0, 1, 2, 3));
  expect(ids(await everyEligible({ country: "QX" }))).toEqual(made(3, 4, 5));
});
