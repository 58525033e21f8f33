/**
 * Eligibility's first pass in SQL (Channel.eligibilityTags) never changes the answer: over random
 * approved availabilities and random criteria, eligibleChannels answers exactly the channels the
 * rule itself (availabilityAllows) allows, on both databases. The migrations that added the column and its index fill
 * them for approved channels with the tags the app writes, and the database keeps the index.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { approvedColumns, eligibilityTags, NOT_RESTRICTED } from "@/lib/domain/channels/columns";
import { availabilityAllows, type EligibilityCriteria } from "@/lib/domain/channels/eligible-channels";
import { minimalChannelBody } from "../../support/channels/channel-bodies";
import { approvedServingChannels, everyEligible } from "../../support/channels/eligibility-setup";
import { migrationFill, migrationStatement } from "../../support/server/migration-fill";
import { openTestDb } from "../../support/server/test-db";

const database = openTestDb();
const INDEX_MIGRATION = "20261125140000_eligibility_tag_index";

// Small pools, so lists often name the value asked about; `A_B`, `A%B` and `AXB` test LIKE's wildcards.
const pool = (values: string[]) => fc.option(fc.subarray(values), { nil: undefined });
const KYC = ["PASSPORT", "A_B", "AXB", "A%B"];
const availabilityArb = fc.record({
  categoriesSupported: fc.subarray(["CASH", "VOUCHERS"], { minLength: 1 }),
  countriesSupported: pool(["BG", "UA", "PL"]),
  countriesExcluded: pool(["BG", "UA"]),
  nationalitiesSupported: pool(["UA", "SY"]),
  nationalitiesExcluded: pool(["SY"]),
  kycSupported: pool(KYC),
  kycExcluded: pool(KYC),
  currenciesSupported: pool(["EUR", "UAH"]),
  currenciesExcluded: pool(["UAH"]),
});
const criteriaArb: fc.Arbitrary<EligibilityCriteria> = fc.record(
  {
    category: fc.constantFrom("CASH", "VOUCHERS"),
    country: fc.constantFrom("BG", "UA", "PL", "DE"),
    nationality: fc.constantFrom("UA", "SY", "IQ"),
    kyc: fc.constantFrom(...KYC, "A,B", "PASS\u0000"),
    currency: fc.constantFrom("EUR", "UAH", "USD"),
  },
  { requiredKeys: [] },
);

it("answers exactly what the rule allows, whatever the criteria", async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(availabilityArb, { minLength: 1, maxLength: 12 }),
      fc.array(criteriaArb, { minLength: 1, maxLength: 5 }),
      async (availabilities, criteriaList) => {
        const { programId, rows } = await approvedServingChannels(availabilities, "tags");
        for (const criteria of criteriaList) {
          const answered = (await everyEligible(criteria, programId)).map((channel) => channel.id);
          const allowed = rows
            .filter((row) => availabilityAllows(row.availability as never, criteria))
            .map((row) => row.id);
          expect(answered.toSorted()).toEqual(allowed.toSorted());
        }
      },
    ),
    { numRuns: 25 },
  );
});

it("the migration fills approved channels' tags as the app writes them", async () => {
  const availabilities = fc.sample(availabilityArb, { numRuns: 20, seed: 16 });
  const { providerId, rows } = await approvedServingChannels(availabilities, "tags");
  const tagsOf = async () =>
    new Map(
      (
        await database()
          .db()
          .channel.findMany({ where: { providerId }, select: { id: true, eligibilityTags: true } })
      ).map((row) => [row.id, row.eligibilityTags.split(",").filter(Boolean).toSorted()]),
    );
  await database()
    .db()
    .channel.updateMany({ where: { providerId }, data: { eligibilityTags: "," } });
  const fill = migrationFill("20261123220400_eligibility_tags").replace(
    'WHERE "approvedContent" IS NOT NULL',
    `WHERE "approvedContent" IS NOT NULL AND "providerId" = '${providerId}'`,
  );
  await database().db().$executeRawUnsafe(fill);
  // The later migration's "not restricted" tags, for the approved channels as they were then.
  const marked = migrationStatement(INDEX_MIGRATION, 'UPDATE "Channel"').replace(
    'WHERE "approvedContent" IS NOT NULL',
    `WHERE "approvedContent" IS NOT NULL AND "providerId" = '${providerId}'`,
  );
  await database().db().$executeRawUnsafe(marked);
  const filled = await tagsOf();
  for (const row of rows)
    expect(filled.get(row.id)).toEqual(
      eligibilityTags(row.availability as never)
        .split(",")
        .filter(Boolean)
        .toSorted(),
    );
});

/** Each channel's EligibilityTag rows, and the tags its eligibilityTags column lists. */
async function indexedTags(providerId: string) {
  const channels = await database()
    .db()
    .channel.findMany({
      where: { providerId },
      select: { id: true, eligibilityTags: true, eligibility: { select: { tag: true } } },
    });
  return channels.map((channel) => ({
    kept: channel.eligibility.map((row) => row.tag).toSorted(),
    listed: channel.eligibilityTags.split(",").filter(Boolean).toSorted(),
  }));
}

it("keeps one EligibilityTag row per tag as approvals change a channel, and drops them with it", async () => {
  const availabilities = fc.sample(availabilityArb, { numRuns: 6, seed: 161 });
  const { providerId, rows } = await approvedServingChannels(availabilities, "indexed");
  const written = await indexedTags(providerId);
  expect(written.map((tags) => tags.kept)).toEqual(written.map((tags) => tags.listed));
  expect(written.flatMap((tags) => tags.kept)).toContain(`kyc+${NOT_RESTRICTED}`);

  const { db } = database();
  const approved = { ...minimalChannelBody("indexed-0"), availability: { categoriesSupported: ["FOOD"] } };
  await db().channel.update({ where: { id: rows[0]!.id }, data: approvedColumns(JSON.stringify(approved)) });
  const changed = await indexedTags(providerId);
  expect(changed.map((tags) => tags.kept)).toEqual(changed.map((tags) => tags.listed));
  expect(changed.flatMap((tags) => tags.kept)).toContain("category:FOOD");

  await db().channel.deleteMany({ where: { providerId } });
  expect(await db().eligibilityTag.count({ where: { channel: { providerId } } })).toBe(0);
});

it("indexes the channels approved before the migration as the database indexes new ones", async () => {
  const { providerId, rows } = await approvedServingChannels(
    fc.sample(availabilityArb, { numRuns: 8, seed: 162 }),
    "migrated",
  );
  const written = await indexedTags(providerId);
  const { db } = database();
  const ids = rows.map((row) => `'${row.id}'`).join(", ");
  await db().$executeRawUnsafe(`DELETE FROM "EligibilityTag" WHERE "channelId" IN (${ids})`);
  const fill = migrationStatement(INDEX_MIGRATION, 'INSERT INTO "EligibilityTag"').replace(
    /WHERE "(value|tag)" <> ''/,
    `$& AND "Channel"."id" IN (${ids})`,
  );
  await db().$executeRawUnsafe(fill);
  expect(await indexedTags(providerId)).toEqual(written);
});
