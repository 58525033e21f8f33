/**
 * The delivery channel body (Create and Update) against the contract's tables, without a server:
 * channelBodySchema through parseOrThrow, the same path the API takes, so every failure is checked
 * as the exact "<path>: <problem>" text a provider receives in the 400.
 */
import { describe, expect, it } from "vitest";
import { ApiError } from "@/lib/api/errors";
import { describeIssues, parseOrThrow } from "@/lib/api/validation";
import { channelBodySchema, MAX_CONTACTS, MAX_DELIVERY_OPTIONS } from "@/lib/contract/channel";
import { COUNTRY_CODES } from "@/lib/contract/countries";
import {
  CHANNEL_CATEGORIES,
  CHANNEL_STATUSES,
  COMMODITIES,
  CURRENCIES,
  KYC_DOCUMENTS,
  LANGUAGES,
  NATIONALITIES,
} from "@/lib/contract/enums";
import { fullChannelBody, minimalChannelBody } from "../support/channel-bodies";
import {
  LENGTH_LIMITS,
  REQUIRED_PATHS,
  UNKNOWN_PROPERTY_LEVELS,
  unknownPropertyPath,
} from "../support/contract-rows";
import { withValue, type Json } from "../support/json-path";

const INVALID_BODY = "The request body format is invalid. Please check it against the API specification.";

const CHANNEL_ID = "3fa85f64-5717-4562-b3fc-2c963f66afa6";
const minimalBody = (): Json => minimalChannelBody(CHANNEL_ID);
/** Every field of every object present, status too, so any path of the contract can be removed or changed. */
const fullBody = (): Json => withValue(fullChannelBody(CHANNEL_ID), "status", "ONLINE");

/**
 * The problems the 400 lists for `input` (its message after the contract's sentence, split on "; "),
 * or [] when the body is valid. Also checks that a failure is the contract's ValidationError.
 */
function problemsOf(input: unknown): string[] {
  try {
    parseOrThrow(channelBodySchema, input);
    return [];
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const apiError = error as ApiError;
    expect([apiError.status, apiError.type, apiError.title]).toEqual([
      400,
      "ValidationError",
      "Invalid Request Body",
    ]);
    expect(apiError.detail?.startsWith(`${INVALID_BODY} `)).toBe(true);
    return (apiError.detail ?? "").slice(INVALID_BODY.length + 1).split("; ");
  }
}

const expectSingleProblem = (input: unknown, path: string, fragment: string) => {
  const problems = problemsOf(input);
  expect(problems).toHaveLength(1);
  expect(problems[0]).toContain(`${path}: `);
  expect(problems[0]?.startsWith(`${path}: `)).toBe(true);
  expect(problems[0]).toContain(fragment);
};

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

describe("enumerations", () => {
  it.each([
    ["name.language", ["EN", "NULL", "XX", "CN", "UK"]],
    ["shortDescription.language", ["BG", "ZU"]],
    ["availability.categoriesSupported", [["CASH"], ["VOUCHERS", "INFORMATION"]]],
    ["availability.kycSupported", [["NATIONAL_IDENTITY", "ALL"], ["NOT_PROCESSED"]]],
    ["availability.kycExcluded", [["DRIVER_LICENSE"], ["NULL"]]],
    [
      "availability.currenciesSupported",
      [
        ["USD", "ZWL"],
        ["NULL", "XCG"],
      ],
    ],
    ["availability.currenciesExcluded", [["JPY"]]],
    ["availability.nationalitiesSupported", [["BULGARIAN", "ALL"], ["CONGOLESE_DR"]]],
    ["availability.nationalitiesExcluded", [["ZIMBABWEAN"]]],
    ["availability.countriesSupported", [["BG", "HN", "ML", "PL", "UY"]]],
    ["availability.countriesExcluded", [["DE", "ZW"]]],
    ["budget.currency", ["EUR", "NULL", "VEF"]],
    ["budget.commodity", ["KG_COMMODITY", "NULL", "VOUCHER_COMMODITY"]],
    ["status", ["OFFLINE", "ONLINE", "REQUESTED"]],
  ])("%s accepts %j", (path, values) => {
    // The supported/excluded pairs of fullBody are disjoint; clear the other side to keep them so.
    for (const value of values) {
      const body = withValue(fullBody(), path, value);
      const availability = body.availability as Json;
      const field = path.split(".")[1] ?? "";
      if (/(countries|kyc|currencies|nationalities)Supported$/.test(field))
        availability[field.replace("Supported", "Excluded")] = null;
      if (field.endsWith("Excluded")) availability[field.replace("Excluded", "Supported")] = null;
      expect(problemsOf(body)).toEqual([]);
    }
  });

  it.each([
    ["name.language", "en", "name.language", "Invalid option"],
    ["name.language", "ENG", "name.language", "Invalid option"],
    ["shortDescription.language", "", "shortDescription.language", "Invalid option"],
    ["availability.categoriesSupported", ["CARD"], "availability.categoriesSupported[0]", "Invalid option"],
    [
      "availability.categoriesSupported",
      ["CASH", "cash"],
      "availability.categoriesSupported[1]",
      "Invalid option",
    ],
    ["availability.kycSupported", ["VISA"], "availability.kycSupported[0]", "Invalid option"],
    ["availability.kycExcluded", ["passport"], "availability.kycExcluded[0]", "Invalid option"],
    ["availability.currenciesSupported", ["usd"], "availability.currenciesSupported[0]", "Invalid option"],
    ["availability.currenciesExcluded", ["XXX"], "availability.currenciesExcluded[0]", "Invalid option"],
    ["budget.currency", "EURO", "budget.currency", "Invalid option"],
    [
      "availability.nationalitiesSupported",
      ["BULGARIA"],
      "availability.nationalitiesSupported[0]",
      "Invalid option",
    ],
    [
      "availability.nationalitiesExcluded",
      ["bulgarian"],
      "availability.nationalitiesExcluded[0]",
      "Invalid option",
    ],
    ["budget.commodity", "KG", "budget.commodity", "Invalid option"],
    ["status", "online", "status", "Invalid option"],
    ["status", "DELETED", "status", "Invalid option"],
    ["availability.countriesSupported", ["bg"], "availability.countriesSupported[0]", "ISO 3166-1 alpha-2"],
    ["availability.countriesSupported", ["BGR"], "availability.countriesSupported[0]", "ISO 3166-1 alpha-2"],
    ["availability.countriesExcluded", ["XZ"], "availability.countriesExcluded[0]", "ISO 3166-1 alpha-2"],
    [
      "availability.countriesExcluded",
      ["Bulgaria"],
      "availability.countriesExcluded[0]",
      "ISO 3166-1 alpha-2",
    ],
  ])("%s refuses %j", (path, value, errorPath, fragment) => {
    expectSingleProblem(withValue(fullBody(), path, value), errorPath, fragment);
  });

  it.each([
    ["name.language", LANGUAGES],
    ["budget.currency", CURRENCIES],
    ["budget.commodity", COMMODITIES],
    ["status", CHANNEL_STATUSES],
  ])("%s accepts every value of its enumeration", (path, values) => {
    for (const value of values) expect(problemsOf(withValue(fullBody(), path, value))).toEqual([]);
  });

  it.each([
    ["availability.categoriesSupported", CHANNEL_CATEGORIES],
    ["availability.kycSupported", KYC_DOCUMENTS],
    ["availability.currenciesSupported", CURRENCIES],
    ["availability.nationalitiesSupported", NATIONALITIES],
  ])("%s accepts every value of its enumeration at once", (path, values) => {
    const body = withValue(fullBody(), path, [...values]);
    if (path !== "availability.categoriesSupported") {
      (body.availability as Json)[path.replace("availability.", "").replace("Supported", "Excluded")] = [];
    }
    expect(problemsOf(body)).toEqual([]);
  });
});

describe("nullable forms", () => {
  it.each([
    ["shortDescription", null],
    ["contacts", null],
    ["contacts", []],
    ["callCenter", null],
    ["callCenter", {}],
    ["callCenter.phone", null],
    ["callCenter.phone", ""],
    ["callCenter.email", null],
    ["callCenter.email", ""],
    ["callCenter.website", null],
    ["callCenter.website", ""],
    ["callCenter.whatsapp", null],
    ["callCenter.whatsapp", ""],
    ["availability.countriesSupported", null],
    ["availability.countriesSupported", []],
    ["availability.countriesExcluded", null],
    ["availability.countriesExcluded", []],
    ["availability.kycSupported", null],
    ["availability.kycSupported", []],
    ["availability.kycExcluded", null],
    ["availability.kycExcluded", []],
    ["availability.currenciesSupported", null],
    ["availability.currenciesSupported", []],
    ["availability.currenciesExcluded", null],
    ["availability.currenciesExcluded", []],
    ["availability.nationalitiesSupported", null],
    ["availability.nationalitiesSupported", []],
    ["availability.nationalitiesExcluded", null],
    ["availability.nationalitiesExcluded", []],
    ["budget", {}],
    ["budget.currency", null],
    ["budget.commodity", null],
    ["budget.amount", null],
    ["deliveryOptions", null],
    ["deliveryOptions", []],
    ["status", null],
    // Strings of length 0..N may be empty.
    ["landingPage", ""],
    ["name.translation", ""],
    ["shortDescription.translation", ""],
    ["contacts[0].email", ""],
    ["contacts[0].name", ""],
    ["contacts[0].phone", ""],
    ["deliveryOptions[0].fieldLabel", ""],
    ["deliveryOptions[0].defaultValue", ""],
  ])("%s may be %j", (path, value) => {
    expect(problemsOf(withValue(fullBody(), path, value))).toEqual([]);
  });

  it.each([
    ["providerDeliveryChannelId", "expected string, received null"],
    ["name", "expected object, received null"],
    ["name.language", "Invalid option"],
    ["name.translation", "expected string, received null"],
    ["shortDescription.translation", "expected string, received null"],
    ["landingPage", "expected string, received null"],
    ["contacts[0]", "expected object, received null"],
    ["contacts[0].email", "expected string, received null"],
    ["contacts[0].name", "expected string, received null"],
    ["contacts[0].phone", "expected string, received null"],
    ["availability", "expected object, received null"],
    ["availability.categoriesSupported", "expected array, received null"],
    ["availability.countriesSupported[0]", "expected string, received null"],
    // budget is optional but not nullable in a request (only the View answer may carry null).
    ["budget", "expected object, received null"],
    ["deliveryOptions[0]", "expected object, received null"],
    ["deliveryOptions[0].fieldLabel", "expected string, received null"],
    ["deliveryOptions[0].fieldName", "expected string, received null"],
    ["deliveryOptions[0].fieldMaxLength", "expected number, received null"],
    ["deliveryOptions[0].fieldMinLength", "expected number, received null"],
    ["deliveryOptions[0].dataType", "expected string, received null"],
    ["deliveryOptions[0].defaultValue", "expected string, received null"],
    ["deliveryOptions[0].validationRegex", "expected string, received null"],
    ["deliveryOptions[0].isRequired", "expected boolean, received null"],
  ])("%s may not be null", (path, fragment) => {
    expectSingleProblem(withValue(fullBody(), path, null), path, fragment);
  });

  it.each([
    ["providerDeliveryChannelId", "must not be empty"],
    ["deliveryOptions[0].fieldName", "must not be empty"],
    ["deliveryOptions[0].dataType", "must not be empty"],
  ])("%s may not be empty", (path, message) => {
    expect(problemsOf(withValue(fullBody(), path, ""))).toContain(`${path}: ${message}`);
  });
});

describe("wrong JSON types", () => {
  it.each([
    ["providerDeliveryChannelId", 42, "expected string, received number"],
    ["name", "Cash collection", "expected object, received string"],
    ["name", [{ language: "EN", translation: "x" }], "expected object, received array"],
    ["name.translation", 5, "expected string, received number"],
    ["shortDescription", "text", "expected object, received string"],
    ["landingPage", true, "expected string, received boolean"],
    ["contacts", {}, "expected array, received object"],
    ["contacts", "ops@example.org", "expected array, received string"],
    ["contacts[0]", "ops@example.org", "expected object, received string"],
    ["contacts[0].phone", 3592123456, "expected string, received number"],
    ["callCenter", "+359", "expected object, received string"],
    ["callCenter", [], "expected object, received array"],
    ["callCenter.phone", 3592000000, "expected string, received number"],
    ["callCenter.website", {}, "expected string, received object"],
    ["availability", [], "expected object, received array"],
    ["availability.categoriesSupported", "CASH", "expected array, received string"],
    ["availability.countriesSupported", "BG", "expected array, received string"],
    ["availability.kycSupported", { PASSPORT: true }, "expected array, received object"],
    ["availability.currenciesSupported[0]", 978, "Invalid option"],
    ["budget", "1500", "expected object, received string"],
    ["budget", [], "expected object, received array"],
    ["budget.amount", "1500", "expected number, received string"],
    ["budget.currency", 978, "Invalid option"],
    ["deliveryOptions", {}, "expected array, received object"],
    ["deliveryOptions[0].fieldMaxLength", "15", "expected number, received string"],
    ["deliveryOptions[0].isRequired", "true", "expected boolean, received string"],
    ["deliveryOptions[0].isRequired", 1, "expected boolean, received number"],
    ["status", true, "Invalid option"],
  ])("%s as %j", (path, value, fragment) => {
    expectSingleProblem(withValue(fullBody(), path, value), path, fragment);
  });

  it.each([
    [null, "null"],
    [[], "array"],
    ["{}", "string"],
    [42, "number"],
  ])("a body of %j is refused", (body, received) => {
    expect(problemsOf(body)).toEqual([`Invalid input: expected object, received ${received}`]);
  });
});

describe("numbers", () => {
  it.each([0, 0.01, 1500.75, 1e12])("budget.amount %d is accepted", (amount) => {
    expect(problemsOf(withValue(fullBody(), "budget.amount", amount))).toEqual([]);
  });

  it.each([
    [-0.01, "must not be negative"],
    [-1, "must not be negative"],
    [Number.POSITIVE_INFINITY, "received Infinity"],
    [Number.NaN, "received NaN"],
  ])("budget.amount %d is refused", (amount, message) => {
    expectSingleProblem(withValue(fullBody(), "budget.amount", amount), "budget.amount", message);
  });

  it.each([
    ["deliveryOptions[0].fieldMaxLength", -1, "must not be negative"],
    ["deliveryOptions[0].fieldMaxLength", 7.5, "must be a whole number"],
    ["deliveryOptions[0].fieldMinLength", -1, "must not be negative"],
    ["deliveryOptions[0].fieldMinLength", 0.5, "must be a whole number"],
  ])("%s %d is refused", (path, value, message) => {
    const unbounded = withValue(fullBody(), "deliveryOptions[0].fieldMaxLength", undefined);
    const body = withValue(withValue(unbounded, "deliveryOptions[0].fieldMinLength", undefined), path, value);
    expect(problemsOf(body)).toEqual([`${path}: ${message}`]);
  });
});

describe("availability: a value may be both supported and excluded (exclusion wins)", () => {
  it.each([
    ["countries", [...COUNTRY_CODES], ["UA", "MD", "PL"]],
    ["kyc", ["ALL"], ["OTHER"]],
    ["currencies", ["EUR"], ["USD", "EUR"]],
    ["nationalities", ["BULGARIAN"], ["BULGARIAN"]],
  ])("%s overlapping is accepted", (kind, supported, excluded) => {
    const body = withValue(
      withValue(fullBody(), `availability.${kind}Supported`, supported),
      `availability.${kind}Excluded`,
      excluded,
    );
    expect(problemsOf(body)).toEqual([]);
  });
});

describe("availability lists are bounded by their lookups and hold each value once", () => {
  it.each([
    ["categoriesSupported", ["CASH", "VOUCHERS", "INFORMATION", "CASH"], "must have at most 3 items"],
    ["kycExcluded", [...KYC_DOCUMENTS, "ALL"], `must have at most ${KYC_DOCUMENTS.length} items`],
    ["countriesSupported", Array(100_000).fill("BG"), `must have at most ${COUNTRY_CODES.size} items`],
  ])("%s longer than its lookup is refused with one message", (field, values, message) => {
    const problems = problemsOf(withValue(fullBody(), `availability.${field}`, values));
    expect(problems).toEqual([`availability.${field}: ${message} (the lookup's values, each once)`]);
  });

  it("350,000 invalid items cost one message, not one per item", () => {
    const problems = problemsOf(
      withValue(fullBody(), "availability.categoriesSupported", Array(350_000).fill(0)),
    );
    expect(problems).toEqual([
      "availability.categoriesSupported: must have at most 3 items (the lookup's values, each once)",
    ]);
  });

  it("a value listed twice is refused, naming it", () => {
    const problems = problemsOf(withValue(fullBody(), "availability.countriesSupported", ["BG", "PL", "BG"]));
    expect(problems).toEqual(["availability.countriesSupported: lists BG more than once"]);
  });

  it.each([
    ["contacts", MAX_CONTACTS, { email: "", name: "", phone: "" }],
    ["deliveryOptions", MAX_DELIVERY_OPTIONS, null],
  ])("%s holds at most its bound", (field, max, item) => {
    const items = Array.from(
      { length: max + 1 },
      (_, index) => item ?? { fieldLabel: "", fieldName: `f${index}`, dataType: "STRING", isRequired: false },
    );
    expect(problemsOf(withValue(fullBody(), field, items))).toEqual([
      `${field}: must have at most ${max} items`,
    ]);
    expect(problemsOf(withValue(fullBody(), field, items.slice(0, max)))).toEqual([]);
  });
});

describe("web addresses (landingPage, callCenter.website)", () => {
  const ADDRESS_FIELDS = ["landingPage", "callCenter.website"];

  it.each([
    "www.moneygram.com",
    "moneygram.com/collect?country=BG",
    "https://www.moneygram.com",
    "http://example.org/path#part",
    "HTTPS://EXAMPLE.ORG",
    "example.org:8080",
    "example.org:8080/help",
  ])("accepts %j", (address) => {
    for (const path of ADDRESS_FIELDS) expect(problemsOf(withValue(fullBody(), path, address))).toEqual([]);
  });

  it.each([
    ["javascript:alert(1)", "must be an http(s) address or a bare host name"],
    ["JavaScript:alert(document.cookie)", "must be an http(s) address or a bare host name"],
    ["  javascript:alert(1)", "must be an http(s) address or a bare host name"],
    [
      "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
      "must be an http(s) address or a bare host name",
    ],
    ["vbscript:msgbox(1)", "must be an http(s) address or a bare host name"],
    // A digit after the colon looks like a port but is still a script link.
    ["javascript:1,alert(document.domain)", "must be an http(s) address or a bare host name"],
    ["JAVASCRIPT:0?0:alert(1)", "must be an http(s) address or a bare host name"],
    ["javascript:1/alert(1)", "must be an http(s) address or a bare host name"],
    ["vbscript:1", "must be an http(s) address or a bare host name"],
    ["data:1,x", "must be an http(s) address or a bare host name"],
    // A dotless host with a port cannot be told apart from a scheme; public pages have dots.
    ["localhost:3000/help", "must be an http(s) address or a bare host name"],
    ["file:///etc/passwd", "must be an http(s) address or a bare host name"],
    ["ftp://example.org", "must be an http(s) address or a bare host name"],
    ["www.example.org/<script>", "must not contain spaces, quotes or angle brackets"],
    ['www.example.org/"onmouseover="x', "must not contain spaces, quotes or angle brackets"],
    ["www.example.org/a b", "must not contain spaces, quotes or angle brackets"],
    ["java\tscript:alert(1)", "must not contain spaces, quotes or angle brackets"],
  ])("refuses %j", (address, message) => {
    for (const path of ADDRESS_FIELDS) {
      expect(problemsOf(withValue(fullBody(), path, address))).toEqual([`${path}: ${message}`]);
    }
  });
});

describe("deliveryOptions rules", () => {
  const option = (fields: Json): Json => ({
    fieldLabel: "Label",
    fieldName: "name",
    dataType: "STRING",
    isRequired: false,
    ...fields,
  });

  it("fieldName must be unique among the options", () => {
    const body = withValue(minimalBody(), "deliveryOptions", [
      option({ fieldName: "phone" }),
      option({ fieldName: "account" }),
      option({ fieldName: "phone" }),
    ]);
    expect(problemsOf(body)).toEqual(["deliveryOptions[2].fieldName: must be unique among deliveryOptions"]);
  });

  it("distinct fieldNames are accepted", () => {
    const body = withValue(minimalBody(), "deliveryOptions", [
      option({ fieldName: "phone" }),
      option({ fieldName: "account" }),
    ]);
    expect(problemsOf(body)).toEqual([]);
  });

  it.each([
    [{ fieldMinLength: 5, fieldMaxLength: 5 }, []],
    [{ fieldMinLength: 0, fieldMaxLength: 0 }, []],
    [{ fieldMinLength: 5 }, []],
    [{ fieldMaxLength: 5 }, []],
    [
      { fieldMinLength: 6, fieldMaxLength: 5 },
      ["deliveryOptions[0].fieldMinLength: must not be greater than fieldMaxLength"],
    ],
  ])("bounds %j", (bounds, problems) => {
    expect(problemsOf(withValue(minimalBody(), "deliveryOptions", [option(bounds)]))).toEqual(problems);
  });

  it.each(["^\\+?[0-9]{7,15}$", "^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$", ".*", ""])(
    "validationRegex %j compiles and is accepted",
    (pattern) => {
      const body = withValue(minimalBody(), "deliveryOptions", [option({ validationRegex: pattern })]);
      expect(problemsOf(body)).toEqual([]);
    },
  );

  it.each(["(", "[a-", "a{2,1}", "*a", "(?<n>a)(?<n>b)"])(
    "validationRegex %j does not compile",
    (pattern) => {
      const body = withValue(minimalBody(), "deliveryOptions", [option({ validationRegex: pattern })]);
      expect(problemsOf(body)).toEqual([
        "deliveryOptions[0].validationRegex: must be a valid regular expression",
      ]);
    },
  );
});
