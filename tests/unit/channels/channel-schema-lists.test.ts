/**
 * The channel body's lists and addresses against the contract's tables, without a server (see
 * channel-schema.test.ts): availability lists, web addresses and delivery options.
 */
import { describe, expect, it } from "vitest";
import { MAX_CONTACTS, MAX_DELIVERY_OPTIONS } from "@/lib/contract/channel";
import { COUNTRY_CODES } from "@/lib/contract/countries";
import { KYC_DOCUMENTS } from "@/lib/contract/enums";
import { fullBody, minimalBody, problemsOf } from "../../support/channels/channel-problems";
import { type Json, withValue } from "../../support/http/json-path";

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
