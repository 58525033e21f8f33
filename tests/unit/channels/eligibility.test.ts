/**
 * The eligibility rule: every supported/excluded pair in its absent, null and empty forms, the
 * category, and a property (fast-check) that no eligible channel ever matches an excluded value or
 * misses a restricting supported list.
 */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { AVAILABILITY_PAIRS, type ChannelBody } from "@/lib/contract/channel";
import { CHANNEL_CATEGORIES, CURRENCIES, KYC_DOCUMENTS, NATIONALITIES } from "@/lib/contract/enums";
import { availabilityAllows, type EligibilityCriteria } from "@/lib/domain/channels/eligible-channels";

type Availability = ChannelBody["availability"];
const base: Availability = { categoriesSupported: ["CASH"] };
const SAMPLE: Record<keyof typeof AVAILABILITY_PAIRS, [string, string]> = {
  country: ["BG", "PL"],
  nationality: ["BULGARIAN", "UKRAINIAN"],
  kyc: ["PASSPORT", "NATIONAL_IDENTITY"],
  currency: ["EUR", "USD"],
};

describe.each(Object.entries(AVAILABILITY_PAIRS))("%s", (criterion, [supportedKey, excludedKey]) => {
  const [value, other] = SAMPLE[criterion as keyof typeof SAMPLE];
  const allows = (availability: Partial<Availability>) =>
    availabilityAllows({ ...base, ...availability } as Availability, {
      category: "CASH",
      [criterion]: value,
    });

  it.each([
    ["absent", {}],
    ["null", { [supportedKey]: null, [excludedKey]: null }],
    ["empty", { [supportedKey]: [], [excludedKey]: [] }],
  ])("%s lists do not restrict", (_form, lists) => {
    expect(allows(lists)).toBe(true);
  });

  it("a supported list that holds the value allows it; one that does not refuses it", () => {
    expect(allows({ [supportedKey]: [other, value] })).toBe(true);
    expect(allows({ [supportedKey]: [other] })).toBe(false);
  });

  it("an excluded value refuses, whatever the supported list says", () => {
    expect(allows({ [excludedKey]: [value] })).toBe(false);
    expect(allows({ [supportedKey]: [], [excludedKey]: [value] })).toBe(false);
    expect(allows({ [excludedKey]: [other] })).toBe(true);
  });

  it("an unspecified criterion is not checked", () => {
    expect(
      availabilityAllows({ ...base, [supportedKey]: [other] } as Availability, { category: "CASH" }),
    ).toBe(true);
  });
});

it("the category must be supported", () => {
  expect(availabilityAllows({ categoriesSupported: ["CASH", "VOUCHERS"] }, { category: "VOUCHERS" })).toBe(
    true,
  );
  expect(availabilityAllows({ categoriesSupported: ["CASH"] }, { category: "VOUCHERS" })).toBe(false);
});

describe("property: an eligible channel never matches an excluded value", () => {
  const pick = (values: readonly string[]) =>
    fc.constantFrom(...values.filter((v) => v !== "NULL").slice(0, 6));
  const list = (values: readonly string[]) =>
    fc.option(fc.uniqueArray(pick(values), { maxLength: 4 }), { nil: undefined });
  const nullable = (values: readonly string[]) => fc.oneof(list(values), fc.constant(null));
  const VALUES = {
    country: ["BG", "PL", "UA", "HN", "ML", "UY"],
    nationality: NATIONALITIES,
    kyc: KYC_DOCUMENTS,
    currency: CURRENCIES,
  };
  const availability = fc.record({
    categoriesSupported: fc.uniqueArray(pick(CHANNEL_CATEGORIES), { minLength: 1, maxLength: 3 }),
    countriesSupported: nullable(VALUES.country),
    countriesExcluded: nullable(VALUES.country),
    nationalitiesSupported: nullable(VALUES.nationality),
    nationalitiesExcluded: nullable(VALUES.nationality),
    kycSupported: nullable(VALUES.kyc),
    kycExcluded: nullable(VALUES.kyc),
    currenciesSupported: nullable(VALUES.currency),
    currenciesExcluded: nullable(VALUES.currency),
  });
  const criteria = fc.record(
    {
      category: pick(CHANNEL_CATEGORIES),
      country: pick(VALUES.country),
      nationality: pick(VALUES.nationality),
      kyc: pick(VALUES.kyc),
      currency: pick(VALUES.currency),
    },
    { requiredKeys: ["category"] },
  );

  it("holds for 5,000 generated channels and beneficiaries", () => {
    fc.assert(
      fc.property(availability, criteria, (generated, wanted) => {
        const channel = generated as unknown as Availability;
        const beneficiary = wanted as EligibilityCriteria;
        if (!availabilityAllows(channel, beneficiary)) return true;
        expect(channel.categoriesSupported).toContain(beneficiary.category);
        for (const [criterion, [supportedKey, excludedKey]] of Object.entries(AVAILABILITY_PAIRS)) {
          const value = beneficiary[criterion as keyof typeof AVAILABILITY_PAIRS];
          if (value === undefined) continue;
          expect(channel[excludedKey] ?? []).not.toContain(value);
          const supported = channel[supportedKey] ?? [];
          if (supported.length > 0) expect(supported).toContain(value);
        }
        return true;
      }),
      { numRuns: 5000 },
    );
  });
});
