/**
 * Get lookup values over HTTP. The expected enumerations are read from the contract itself
 * (docs/spec/delivery-channel-service.md), not from lib/contract, so a drift in either shows.
 */
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { ROOT } from "../../support/server/test-server";

const baseUrl = inject("baseUrl");
const key = inject("providerA").key;

const SPEC = readFileSync(path.join(ROOT, "docs/spec/delivery-channel-service.md"), "utf8");

/** The backticked values of the one spec line that starts with `prefix`. */
function specEnumeration(prefix: string): string[] {
  const lines = SPEC.split("\n").filter((line) => line.startsWith(prefix));
  expect(lines, `one line starting with "${prefix}"`).toHaveLength(1);
  return [...(lines[0] ?? "").matchAll(/`([^`]+)`/g)].map((match) => match[1] ?? "");
}

const ENUMERATED = {
  DeliveryChannelStatus: "Delivery channel status:",
  DeliveryChannelCategory: "Delivery channel category:",
  Kyc: "KYC (kycSupported, kycExcluded):",
  Currency: "Currency (currenciesSupported",
  Nationality: "Nationality (nationalitiesSupported",
  Language: "Language (language of a Translation):",
  EventType: "Event type:",
  Commodity: "Commodity (budget.commodity):",
} as const;

interface Item {
  lookUp: string;
  translation: string;
}

async function post(body: string) {
  const response = await fetch(`${baseUrl}/api/ClientSetting/GetLookUpValues`, {
    method: "POST",
    headers: { "x-api-key": key, "content-type": "application/json-patch+json" },
    body,
  });
  return { status: response.status, json: await response.json() };
}

async function lookup(data: string): Promise<Item[]> {
  const { status, json } = await post(JSON.stringify({ data }));
  expect(status).toBe(200);
  expect(json.error).toBeNull();
  expect(json.status).toBe("success");
  return json.data;
}

describe("the contract's enumerations", () => {
  it("are parsed from the spec with their known sizes", () => {
    expect(specEnumeration(ENUMERATED.DeliveryChannelStatus)).toEqual(["OFFLINE", "ONLINE", "REQUESTED"]);
    expect(specEnumeration(ENUMERATED.Kyc)).toHaveLength(9);
    expect(specEnumeration(ENUMERATED.Language).length).toBeGreaterThan(150);
    expect(specEnumeration(ENUMERATED.Currency).length).toBeGreaterThan(150);
    expect(specEnumeration(ENUMERATED.Nationality).length).toBeGreaterThan(200);
  });

  it.each(Object.entries(ENUMERATED))(
    "%s answers exactly the contract's values in its order",
    async (key, prefix) => {
      const items = await lookup(key);
      expect(items.map((item) => item.lookUp)).toEqual(specEnumeration(prefix));
    },
  );
});

describe("every lookup item", () => {
  it.each([...Object.keys(ENUMERATED), "Country"])(
    "%s: exactly {lookUp, translation}, a human-readable translation that is not the code",
    async (key) => {
      const items = await lookup(key);
      expect(items.length).toBeGreaterThan(0);
      for (const item of items) expect(Object.keys(item).sort()).toEqual(["lookUp", "translation"]);
      const unreadable = items.filter(
        ({ lookUp, translation }) =>
          typeof translation !== "string" ||
          translation.trim() === "" ||
          translation === lookUp ||
          translation.includes("_"),
      );
      expect(unreadable).toEqual([]);
      expect(new Set(items.map((item) => item.lookUp)).size).toBe(items.length);
    },
  );

  it.each([
    ["Kyc", "NATIONAL_IDENTITY", "National identity"],
    ["Kyc", "DRIVER_LICENSE", "Driver license"],
    ["Currency", "EUR", "Euro"],
    ["Currency", "USD", "US Dollar"],
    ["Currency", "BGN", "Bulgarian Lev"],
    ["Language", "DE", "German"],
    ["Language", "EN", "English"],
    ["Language", "BG", "Bulgarian"],
    ["Language", "TW", "Twi"],
    ["Nationality", "BULGARIAN", "Bulgarian"],
    ["Nationality", "AMERICAN_SAMOAN", "American Samoan"],
    ["Nationality", "US_VIRGIN_ISLANDER", "US Virgin Islander"],
    ["Nationality", "US_MINOR_OUTLYING_ISLANDER", "US Minor Outlying Islander"],
    ["Country", "BG", "Bulgaria"],
    ["EventType", "DELIVERY_REQUEST_SENT", "Delivery request sent"],
    ["DeliveryChannelCategory", "CASH", "Cash"],
    ["DeliveryChannelStatus", "ONLINE", "Online"],
    ["Commodity", "BOTTLE_COMMODITY", "Bottle"],
    ["Commodity", "G_COMMODITY", "Gram"],
    ["Commodity", "KG_COMMODITY", "Kilogram"],
  ])("%s %s reads %s", async (key, value, translation) => {
    const items = await lookup(key);
    expect(items.find((item) => item.lookUp === value)?.translation).toBe(translation);
  });

  it.each([
    ["Commodity", "LT_COMMODITY", /^Lit(re|er)$/],
    ["Commodity", "PCS_COMMODITY", /^Pieces?$/],
    ["Nationality", "CONGOLESE_DR", /\bDR\b|Democratic Republic/],
  ])("%s %s is spelled out (%s)", async (key, value, pattern) => {
    const items = await lookup(key);
    expect(items.find((item) => item.lookUp === value)?.translation).toMatch(pattern);
  });
});

describe("Country", () => {
  it("is the ISO 3166-1 alpha-2 list, sorted, with English names", async () => {
    const items = await lookup("Country");
    const codes = items.map((item) => item.lookUp);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
    // 249 assigned codes, plus at most XK (Kosovo), which humanitarian data commonly uses.
    expect(codes.length).toBeGreaterThanOrEqual(249);
    expect(codes.length).toBeLessThanOrEqual(250);
    expect(codes.filter((code) => code.startsWith("X"))).toEqual(codes.includes("XK") ? ["XK"] : []);
    expect(codes).toEqual([...codes].sort());
    expect(codes).toEqual(expect.arrayContaining(["BG", "HN", "ML", "PL", "UY", "US", "UA", "SS", "AX"]));
    expect(codes).not.toContain("UK");
    expect(codes).not.toContain("EU");
  });
});

describe("invalid lookup requests", () => {
  it.each([
    ["an unknown key", { data: "Colour" }],
    ["a lower-case key", { data: "kyc" }],
    ["an upper-case key", { data: "KYC" }],
    ["a key with spaces", { data: " Kyc " }],
    ["missing data", {}],
    ["null data", { data: null }],
    ["a number", { data: 1 }],
    ["an array of keys", { data: ["Kyc"] }],
    ["an extra property", { data: "Kyc", language: "EN" }],
  ])("%s is 400 ValidationError", async (_name, body) => {
    const { status, json } = await post(JSON.stringify(body));
    expect(status).toBe(400);
    expect(json).toStrictEqual({
      error: {
        guid: expect.any(String),
        code: 400,
        type: "ValidationError",
        title: "Invalid Request Body",
        message: expect.stringMatching(/\b(data|language)\b/),
      },
      data: null,
      status: "failed",
    });
  });
});
