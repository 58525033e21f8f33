/**
 * The contract's field rows over real HTTP, on Create and Update: a refused body is the contract's
 * 400 naming the field and changes nothing. The exhaustive per-value tables live in
 * tests/unit/channels/channel-schema*.test.ts; here every row kind of the contract (required, unknown, limit,
 * enumeration, nullable form, JSON type, rule) goes end to end. Accepted bodies are in
 * channels-validation-accepted.test.ts.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CREATE,
  expectedView,
  postJsonWithKey,
  postRawWithKey,
  type Reply,
  UPDATE,
  viewChannel,
} from "../../support/channels/channel-api";
import { fullChannelBody } from "../../support/channels/channel-bodies";
import {
  INVALID_BODY,
  LENGTH_LIMITS,
  REQUIRED_PATHS,
  UNKNOWN_PROPERTY_LEVELS,
  unknownPropertyPath,
} from "../../support/channels/contract-rows";
import { expectFailure } from "../../support/http/envelope";
import { type Json, set, withValue } from "../../support/http/json-path";

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The complete 400 of the contract for the given problems (guid aside). Problems ending in "…" are a
 * prefix: an invalid enumeration value's problem goes on to list every allowed value.
 */
function expectValidationError(reply: Reply, problems: string) {
  const message = problems.endsWith("…")
    ? new RegExp(`^${escapeRegExp(`${INVALID_BODY} ${problems.slice(0, -1)}`)}[^;]*$`)
    : `${INVALID_BODY} ${problems}`;
  expectFailure(reply, 400, "ValidationError", "Invalid Request Body", message);
}

/** A body edit and the exact problem text the 400 must carry. */
type Refusal = [label: string, edit: (body: Json) => Json, problems: string];

const REFUSED: Refusal[] = [
  // Required fields, top level and nested.
  ...REQUIRED_PATHS.map((path): Refusal => [`${path} missing`, set(path, undefined), `${path}: Required`]),
  // Unknown properties at every level.
  ...UNKNOWN_PROPERTY_LEVELS.map(unknownPropertyPath).map(
    (path): Refusal => [`unknown ${path}`, set(path, 1), `${path}: Unknown property`],
  ),
  // One over each length limit.
  ...LENGTH_LIMITS.map(
    ([path, max]): Refusal => [
      `${path} of ${max + 1}`,
      set(path, "a".repeat(max + 1)),
      `${path}: must be at most ${max} characters`,
    ],
  ),
  // Invalid enumeration values.
  ["name.language en", set("name.language", "en"), 'name.language: Invalid option: expected one of "NULL"|…'],
  [
    "categoriesSupported CARD",
    set("availability.categoriesSupported", ["CARD"]),
    'availability.categoriesSupported[0]: Invalid option: expected one of "CASH"|"VOUCHERS"|"INFORMATION"',
  ],
  [
    "kycSupported VISA",
    set("availability.kycSupported", ["VISA"]),
    "availability.kycSupported[0]: Invalid option…",
  ],
  [
    "kycExcluded visa",
    set("availability.kycExcluded", ["visa"]),
    "availability.kycExcluded[0]: Invalid option…",
  ],
  [
    "currenciesSupported usd",
    set("availability.currenciesSupported", ["usd"]),
    "availability.currenciesSupported[0]: Invalid option…",
  ],
  ["budget.currency EURO", set("budget.currency", "EURO"), "budget.currency: Invalid option…"],
  [
    "nationalitiesExcluded BULGARIA",
    set("availability.nationalitiesExcluded", ["BULGARIA"]),
    "availability.nationalitiesExcluded[0]: Invalid option…",
  ],
  ["budget.commodity KG", set("budget.commodity", "KG"), "budget.commodity: Invalid option…"],
  [
    "status online",
    set("status", "online"),
    'status: Invalid option: expected one of "OFFLINE"|"ONLINE"|"REQUESTED"',
  ],
  [
    "countriesSupported BGR",
    set("availability.countriesSupported", ["BGR"]),
    "availability.countriesSupported[0]: must be an ISO 3166-1 alpha-2 code from the Country lookup",
  ],
  // Null where the contract does not allow it.
  ["name null", set("name", null), "name: Invalid input: expected object, received null"],
  [
    "landingPage null",
    set("landingPage", null),
    "landingPage: Invalid input: expected string, received null",
  ],
  [
    "categoriesSupported null",
    set("availability.categoriesSupported", null),
    "availability.categoriesSupported: Invalid input: expected array, received null",
  ],
  ["budget null", set("budget", null), "budget: Invalid input: expected object, received null"],
  [
    "contacts[0].email null",
    set("contacts[0].email", null),
    "contacts[0].email: Invalid input: expected string, received null",
  ],
  // Wrong JSON types.
  [
    "providerDeliveryChannelId number",
    set("providerDeliveryChannelId", 42),
    "providerDeliveryChannelId: Invalid input: expected string, received number",
  ],
  ["contacts object", set("contacts", {}), "contacts: Invalid input: expected array, received object"],
  ["callCenter array", set("callCenter", []), "callCenter: Invalid input: expected object, received array"],
  [
    "budget.amount string",
    set("budget.amount", "10"),
    "budget.amount: Invalid input: expected number, received string",
  ],
  [
    "isRequired string",
    set("deliveryOptions[0].isRequired", "true"),
    "deliveryOptions[0].isRequired: Invalid input: expected boolean, received string",
  ],
  // The rules beside the tables.
  ["budget.amount negative", set("budget.amount", -5), "budget.amount: must not be negative"],
  [
    "country listed twice",
    set("availability.countriesSupported", ["PL", "BG", "PL"]),
    "availability.countriesSupported: lists PL more than once",
  ],
  [
    "landingPage javascript:",
    set("landingPage", "javascript:alert(1)"),
    "landingPage: must be an http(s) address or a bare host name",
  ],
  [
    "callCenter.website data:",
    set("callCenter.website", "data:text/html;base64,PHNjcmlwdD4="),
    "callCenter.website: must be an http(s) address or a bare host name",
  ],
  [
    "duplicate fieldName",
    (body) => ({
      ...body,
      deliveryOptions: [...(body.deliveryOptions as Json[]), ...(body.deliveryOptions as Json[])],
    }),
    "deliveryOptions[1].fieldName: must be unique among deliveryOptions",
  ],
  [
    "fieldMinLength over fieldMaxLength",
    set("deliveryOptions[0].fieldMinLength", 16),
    "deliveryOptions[0].fieldMinLength: must not be greater than fieldMaxLength",
  ],
  [
    "validationRegex not compiling",
    set("deliveryOptions[0].validationRegex", "([0-9]"),
    "deliveryOptions[0].validationRegex: must be a valid regular expression",
  ],
  [
    "validationRegex with a backreference",
    set("deliveryOptions[0].validationRegex", "(a)\\1"),
    "deliveryOptions[0].validationRegex: must not use backreferences such as \\1 or \\k<name>, which the linear-time engine (RE2) cannot run",
  ],
  [
    "validationRegex with a lookahead",
    set("deliveryOptions[0].validationRegex", "^(?=a)"),
    "deliveryOptions[0].validationRegex: must not use lookahead or lookbehind such as (?=…) or (?<!…), which the linear-time engine (RE2) cannot run",
  ],
  [
    "two problems at once",
    (body) => withValue(withValue(body, "landingPage", undefined), "budget.extra", 1),
    "landingPage: Required; budget.extra: Unknown property",
  ],
];

describe("refused bodies", () => {
  it.each(REFUSED)("Create: %s is a 400 and creates nothing", async (_label, edit, problems) => {
    const id = randomUUID();
    expectValidationError(await postJsonWithKey(CREATE, edit(fullChannelBody(id))), problems);
    expect((await viewChannel(id)).status).toBe(404);
  });

  it.each(REFUSED)("Update: %s is a 400 and changes nothing", async (label, edit, problems) => {
    const id = randomUUID();
    expect((await postJsonWithKey(CREATE, fullChannelBody(id))).status).toBe(200);
    expectValidationError(
      await postJsonWithKey(UPDATE, edit({ ...fullChannelBody(id), status: "ONLINE" })),
      // Update's body takes only the statuses an update may set, and says so.
      label === "status online" ? "status: an update can set status only to OFFLINE or ONLINE" : problems,
    );
    expect((await viewChannel(id)).body.data).toStrictEqual(expectedView(fullChannelBody(id)));
  });

  it.each([
    ["providerDeliveryChannelId", 65, "providerDeliveryChannelId: must be at most 64 characters"],
    ["providerDeliveryChannelId", 0, "providerDeliveryChannelId: must not be empty"],
  ])("Create: %s of length %i is a 400", async (path, length, problem) => {
    const reply = await postJsonWithKey(CREATE, withValue(fullChannelBody("x"), path, "a".repeat(length)));
    expect(reply.status).toBe(400);
    expect((reply.body.error as Json).message).toContain(problem);
  });

  it.each([
    ["malformed JSON", '{"providerDeliveryChannelId": "x",', "The request body is not valid JSON"],
    ["an empty body", "", "The request body is empty"],
    ["a JSON array", "[]", "Invalid input: expected object, received array"],
    ["JSON null", "null", "Invalid input: expected object, received null"],
  ])("Create with %s is a 400", async (_label, text, problems) => {
    expectValidationError(await postRawWithKey(CREATE, text, "application/json"), problems);
  });
});
