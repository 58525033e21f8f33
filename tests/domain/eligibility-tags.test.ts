/**
 * Eligibility's first pass in SQL (Channel.eligibilityTags) never changes the answer: over random
 * approved availabilities and random criteria, eligibleChannels answers exactly the channels the
 * rule itself (availabilityAllows) allows, on both databases. And the migration that added the
 * column fills it for approved channels with the tags the app writes.
 */
import fc from "fast-check";
import { expect, it } from "vitest";
import { eligibilityTags } from "@/lib/domain/channels/columns";
import { availabilityAllows, type EligibilityCriteria } from "@/lib/domain/eligibility";
import { approvedServingChannels, everyEligible } from "../support/eligibility-setup";
import { migrationFill } from "../support/migration-fill";
import { openTestDb } from "../support/test-db";

const database = openTestDb();

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
  const filled = await tagsOf();
  for (const row of rows)
    expect(filled.get(row.id)).toEqual(
      eligibilityTags(row.availability as never)
        .split(",")
        .filter(Boolean)
        .toSorted(),
    );
});
