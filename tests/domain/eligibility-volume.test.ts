/**
 * Eligibility over more channels than it reads at once (lib/domain/eligibility.ts reads approved
 * channels in batches by id, which UUIDv7 makes oldest first): every eligible channel up to the
 * limit, in id order, across batch boundaries, and no more than the limit however many match.
 */
import { expect, it } from "vitest";
import { ELIGIBLE_LIMIT, eligibleChannels } from "@/lib/domain/eligibility";
import { ADMIN } from "../support/actors";
import { approvedServingChannels } from "../support/eligibility-setup";
import { openOwnDatabase } from "../support/own-database";

// A database of its own (its 2,400 channels would hold the shared one's write lock), opened for the
// support helpers, which read it through lib/db.
openOwnDatabase();

it("finds every eligible channel across read batches, oldest first, and stops at the limit", async () => {
  // Every third supports VOUCHERS, the rest CASH; all only in QZ.
  const { programId, rows: created } = await approvedServingChannels(
    Array.from({ length: 2_400 }, (_, i) => ({
      categoriesSupported: [i % 3 === 0 ? "VOUCHERS" : "CASH"],
      countriesSupported: ["QZ"],
    })),
    "QZ",
  );
  const ids = async (category: string) =>
    (await eligibleChannels(ADMIN, { category, country: "QZ" }, programId)).map(
      (channel) => channel.providerDeliveryChannelId,
    );
  const offering = (category: string) =>
    created
      .filter((row) => row.approvedContent.includes(`"${category}"`))
      .map((row) => row.providerDeliveryChannelId);
  const vouchers = offering("VOUCHERS");
  expect(await ids("VOUCHERS")).toEqual(vouchers.slice(0, ELIGIBLE_LIMIT));
  expect(vouchers.length).toBeGreaterThan(ELIGIBLE_LIMIT);
  expect(await ids("CASH")).toEqual(offering("CASH").slice(0, ELIGIBLE_LIMIT));
  expect(await ids("FOOD")).toEqual([]);
});
