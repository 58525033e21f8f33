/**
 * The delivery channel body (Create and Update) against the contract's tables, without a server:
 * channelBodySchema through parseOrThrow, the same path the API takes, so every failure is checked
 * as the exact "<path>: <problem>" text a provider receives in the 400. This file: valid bodies,
 * required and unknown fields, lengths and the channel id; the values and the lists have their own.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/api-errors";
import { describeIssues, parseOrThrow } from "@/lib/api/validation";
import { channelBodySchema } from "@/lib/contract/channel";
import { fullBody, minimalBody, problemsOf } from "../../support/channels/channel-problems";
import {
  INVALID_BODY,
  LENGTH_LIMITS,
  REQUIRED_PATHS,
  UNKNOWN_PROPERTY_LEVELS,
  unknownPropertyPath,
} from "../../support/channels/contract-rows";
import { type Json, withValue } from "../../support/http/json-path";

describe("valid bodies", () => {
  it("accepts the four required fields alone", () => {
    expect(problemsOf(minimalBody())).toEqual([]);
  });

  it("accepts every field and returns the body unchanged", () => {
    expect(problemsOf(fullBody())).toEqual([]);
    expect(parseOrThrow(channelBodySchema, fullBody())).toStrictEqual(fullBody());
  });

  it("reports a failure in the contract's 400 wording", () => {
    const attempt = () => parseOrThrow(channelBodySchema, withValue(minimalBody(), "name", undefined));
    expect(attempt).toThrow(ApiError);
    try {
      attempt();
    } catch (error) {
      expect((error as ApiError).toErrorObject("00000000-0000-4000-8000-000000000000")).toEqual({
        guid: "00000000-0000-4000-8000-000000000000",
        code: 400,
        type: "ValidationError",
        title: "Invalid Request Body",
        message: `${INVALID_BODY} name: Required`,
      });
    }
  });

  it("names every problem of a body at once", () => {
    const body = withValue(withValue(minimalBody(), "landingPage", undefined), "name.language", "english");
    const problems = problemsOf({ ...body, colour: "red" });
    expect(problems).toHaveLength(3);
    expect(problems).toEqual(
      expect.arrayContaining([
        "landingPage: Required",
        "colour: Unknown property",
        expect.stringMatching(/^name\.language: Invalid option/),
      ]),
    );
  });

  it("describeIssues names nested array elements with brackets", () => {
    const result = channelBodySchema.safeParse(withValue(fullBody(), "contacts[0].extra", 1));
    expect(result.success).toBe(false);
    expect(describeIssues(result.error?.issues ?? [])).toEqual(["contacts[0].extra: Unknown property"]);
  });
});

describe("required fields", () => {
  it.each(REQUIRED_PATHS)("%s missing is 'Required'", (path) => {
    expect(problemsOf(withValue(fullBody(), path, undefined))).toEqual([`${path}: Required`]);
  });

  it.each([
    "shortDescription",
    "contacts",
    "callCenter",
    "callCenter.phone",
    "callCenter.email",
    "callCenter.website",
    "callCenter.whatsapp",
    "availability.countriesSupported",
    "availability.countriesExcluded",
    "availability.kycSupported",
    "availability.kycExcluded",
    "availability.currenciesSupported",
    "availability.currenciesExcluded",
    "availability.nationalitiesSupported",
    "availability.nationalitiesExcluded",
    "budget",
    "budget.currency",
    "budget.commodity",
    "budget.amount",
    "deliveryOptions",
    "deliveryOptions[0].fieldMaxLength",
    "deliveryOptions[0].fieldMinLength",
    "deliveryOptions[0].defaultValue",
    "deliveryOptions[0].validationRegex",
    "status",
  ])("optional %s may be absent", (path) => {
    expect(problemsOf(withValue(fullBody(), path, undefined))).toEqual([]);
  });
});

describe("unknown properties", () => {
  it.each(
    UNKNOWN_PROPERTY_LEVELS.map((level) => [level ? level.replace("[0]", "[i]") : "(top level)", level]),
  )("in %s is refused by name", (_label, level) => {
    const path = unknownPropertyPath(level);
    expect(problemsOf(withValue(fullBody(), path, "x"))).toEqual([`${path}: Unknown property`]);
  });

  it("in a later array element is named by its index", () => {
    const body = fullBody();
    body.contacts = [...(body.contacts as Json[]), { email: "", name: "", phone: "", fax: "1" }];
    expect(problemsOf(body)).toEqual(["contacts[1].fax: Unknown property"]);
  });

  it("property names are case-sensitive (a differently cased required field is unknown)", () => {
    const { providerDeliveryChannelId, ...rest } = minimalBody();
    const problems = problemsOf({ ...rest, ProviderDeliveryChannelId: providerDeliveryChannelId });
    expect(problems.sort()).toEqual([
      "ProviderDeliveryChannelId: Unknown property",
      "providerDeliveryChannelId: Required",
    ]);
  });

  it("isApproved (a View field) is not part of the request body", () => {
    expect(problemsOf({ ...minimalBody(), isApproved: true })).toEqual(["isApproved: Unknown property"]);
  });
});

describe("length limits: at the limit passes, one over fails", () => {
  it.each<[string, number]>([
    ...LENGTH_LIMITS,
    // Bounds the contract leaves open ("not shown"), chosen in lib/contract/channel.ts.
    ["deliveryOptions[0].fieldName", 256],
    ["deliveryOptions[0].dataType", 256],
    ["deliveryOptions[0].defaultValue", 256],
    ["deliveryOptions[0].validationRegex", 1024],
  ])("%s: %i", (path, max) => {
    expect(problemsOf(withValue(fullBody(), path, "a".repeat(max)))).toEqual([]);
    expect(problemsOf(withValue(fullBody(), path, "a".repeat(max + 1)))).toEqual([
      `${path}: must be at most ${max} characters`,
    ]);
  });

  it("providerDeliveryChannelId: 64", () => {
    expect(problemsOf(withValue(fullBody(), "providerDeliveryChannelId", "a".repeat(64)))).toEqual([]);
    expect(problemsOf(withValue(fullBody(), "providerDeliveryChannelId", "a".repeat(65)))).toContain(
      "providerDeliveryChannelId: must be at most 64 characters",
    );
  });

  it("lengths count characters (code points), not bytes or UTF-16 units", () => {
    expect(problemsOf(withValue(fullBody(), "name.translation", "😀".repeat(1024)))).toEqual([]);
    expect(problemsOf(withValue(fullBody(), "name.translation", "😀".repeat(1025)))).toEqual([
      "name.translation: must be at most 1024 characters",
    ]);
  });

  it("lengths count characters, not bytes", () => {
    expect(problemsOf(withValue(fullBody(), "name.translation", "é".repeat(1024)))).toEqual([]);
    expect(problemsOf(withValue(fullBody(), "contacts[0].name", "Ж".repeat(129)))).toEqual([
      "contacts[0].name: must be at most 128 characters",
    ]);
  });
});

describe("providerDeliveryChannelId format", () => {
  it.each([
    "3fa85f64-5717-4562-b3fc-2c963f66afa6",
    "3FA85F64-5717-4562-B3FC-2C963F66AFA6",
    "a",
    "channel_1.v2~beta-3",
  ])("accepts %j", (id) => {
    expect(problemsOf(withValue(minimalBody(), "providerDeliveryChannelId", id))).toEqual([]);
  });

  it.each(["a/b", "a b", "a?b", "a#b", "a%20b", "kanał", "id\n"])("refuses %j", (id) => {
    expect(problemsOf(withValue(minimalBody(), "providerDeliveryChannelId", id))).toEqual([
      "providerDeliveryChannelId: may contain only letters, digits and - . _ ~",
    ]);
  });

  it("refuses the empty id", () => {
    expect(problemsOf(withValue(minimalBody(), "providerDeliveryChannelId", ""))).toContain(
      "providerDeliveryChannelId: must not be empty",
    );
  });
});
