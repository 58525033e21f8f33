/**
 * The channel body's values against the contract's tables, without a server (see
 * channel-schema.test.ts): enumerations, nullable forms, JSON types and numbers.
 */
import { describe, expect, it } from "vitest";
import {
  CHANNEL_CATEGORIES,
  CHANNEL_STATUSES,
  COMMODITIES,
  CURRENCIES,
  KYC_DOCUMENTS,
  LANGUAGES,
  NATIONALITIES,
} from "@/lib/contract/enums";
import { expectSingleProblem, fullBody, problemsOf } from "../../support/channels/channel-problems";
import { type Json, withValue } from "../../support/http/json-path";

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
