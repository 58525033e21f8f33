/**
 * The contract's field rows over real HTTP, on Create and Update: a refused body is the contract's
 * 400 naming the field and changes nothing; an accepted one is stored exactly (View shows it back).
 * The exhaustive per-value tables live in tests/unit/channel-schema.test.ts; here every row kind of
 * the contract (required, unknown, limit, enumeration, nullable form, JSON type, rule) goes end to end.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { fullChannelBody } from "../support/channel-bodies";
import {
  LENGTH_LIMITS,
  REQUIRED_PATHS,
  UNKNOWN_PROPERTY_LEVELS,
  unknownPropertyPath,
} from "../support/contract-rows";
import { withValue, type Json } from "../support/json-path";

const baseUrl = inject("baseUrl");
const providerA = inject("providerA");

const INVALID_BODY = "The request body format is invalid. Please check it against the API specification.";

interface Reply {
  status: number;
  body: { error: Json | null; data: Json | null; status: string };
}

/** POSTs raw text with provider A's key under the given content type. */
async function postRawWithKey(path: string, text: string, contentType: string): Promise<Reply> {
  const response = await fetch(`${baseUrl}${path}`, {
    method: "POST",
    headers: { "content-type": contentType, "x-api-key": providerA.key },
    body: text,
  });
  return { status: response.status, body: await response.json() };
}

const CREATE = "/api/DeliveryChannel/Create";
const UPDATE = "/api/DeliveryChannel/Update";
const postJsonWithKey = (path: string, body: unknown) =>
  postRawWithKey(path, JSON.stringify(body), "application/json-patch+json");

async function viewChannel(id: string): Promise<Reply> {
  const response = await fetch(`${baseUrl}/api/DeliveryChannel/Get/${encodeURIComponent(id)}`, {
    headers: { "x-api-key": providerA.key },
  });
  return { status: response.status, body: await response.json() };
}

/** What View shows for an accepted body: every top-level field (null where not sent), then the rest. */
function expectedView(body: Json, status = "REQUESTED"): Json {
  const { status: _sent, ...content } = body;
  return {
    providerDeliveryChannelId: content.providerDeliveryChannelId,
    name: content.name,
    shortDescription: content.shortDescription ?? null,
    landingPage: content.landingPage,
    contacts: content.contacts ?? null,
    callCenter: content.callCenter ?? null,
    availability: content.availability,
    budget: content.budget ?? null,
    deliveryOptions: content.deliveryOptions ?? null,
    isApproved: false,
    status,
  };
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * The complete 400 of the contract for the given problems (guid aside). Problems ending in "…" are a
 * prefix: an invalid enumeration value's problem goes on to list every allowed value.
 */
function expectValidationError(reply: Reply, problems: string) {
  expect(reply.status).toBe(400);
  const { guid, ...error } = reply.body.error as Json;
  expect(guid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
  const message = problems.endsWith("…")
    ? expect.stringMatching(new RegExp(`^${escapeRegExp(`${INVALID_BODY} ${problems.slice(0, -1)}`)}[^;]*$`))
    : `${INVALID_BODY} ${problems}`;
  expect({ ...reply.body, error }).toStrictEqual({
    error: { code: 400, type: "ValidationError", title: "Invalid Request Body", message },
    data: null,
    status: "failed",
  });
}

/** A body edit and the exact problem text the 400 must carry. */
type Refusal = [label: string, edit: (body: Json) => Json, problems: string];
const set =
  (path: string, value: unknown) =>
  (body: Json): Json =>
    withValue(body, path, value);

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

  it.each(REFUSED)("Update: %s is a 400 and changes nothing", async (_label, edit, problems) => {
    const id = randomUUID();
    expect((await postJsonWithKey(CREATE, fullChannelBody(id))).status).toBe(200);
    expectValidationError(
      await postJsonWithKey(UPDATE, edit({ ...fullChannelBody(id), status: "ONLINE" })),
      problems,
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

describe("accepted bodies are stored exactly", () => {
  const ACCEPTED: [label: string, edit: (body: Json) => Json][] = [
    // At each length limit.
    ...[["providerDeliveryChannelId", 64] as [string, number], ...LENGTH_LIMITS].map(
      ([path, max]): [string, (body: Json) => Json] => [
        `${path} of ${max}`,
        // The id must stay unique per test: the limit-length id ends with a fresh UUID.
        path === "providerDeliveryChannelId"
          ? (body) => ({
              ...body,
              providerDeliveryChannelId: `${"a".repeat(28)}${body.providerDeliveryChannelId}`,
            })
          : set(path, "ä".repeat(max)),
      ],
    ),
    // Valid enumeration values, including the placeholder NULL.
    ["name.language NULL", set("name.language", "NULL")],
    ["shortDescription.language CN", set("shortDescription.language", "CN")],
    ["categoriesSupported all", set("availability.categoriesSupported", ["CASH", "VOUCHERS", "INFORMATION"])],
    ["kycSupported ALL", set("availability.kycSupported", ["ALL", "DRIVER_LICENSE"])],
    ["currenciesSupported ZWL", set("availability.currenciesSupported", ["ZWL", "NULL"])],
    ["nationalitiesSupported ALL", set("availability.nationalitiesSupported", ["ALL", "CONGOLESE_DR"])],
    ["countriesSupported HN ML UY", set("availability.countriesSupported", ["BG", "ML", "UY"])],
    ["budget.commodity VOUCHER_COMMODITY", set("budget.commodity", "VOUCHER_COMMODITY")],
    // Nullable forms: absent, null, empty array, empty string.
    ...["shortDescription", "contacts", "callCenter", "budget", "deliveryOptions", "status"].flatMap(
      (path): [string, (body: Json) => Json][] => [
        [`${path} absent`, set(path, undefined)],
        ...(path === "budget" ? [] : [[`${path} null`, set(path, null)] as [string, (body: Json) => Json]]),
      ],
    ),
    ["contacts empty", set("contacts", [])],
    ["deliveryOptions empty", set("deliveryOptions", [])],
    ["callCenter empty object", set("callCenter", {})],
    ["budget empty object", set("budget", {})],
    [
      "callCenter fields null",
      set("callCenter", { phone: null, email: null, website: null, whatsapp: null }),
    ],
    ["callCenter fields empty", set("callCenter", { phone: "", email: "", website: "", whatsapp: "" })],
    ["callCenter only phone", set("callCenter", { phone: "+1 555 0100" })],
    ["budget fields null", set("budget", { currency: null, commodity: null, amount: null })],
    ["budget amount 0", set("budget", { amount: 0 })],
    [
      "availability optional lists null",
      set("availability", {
        categoriesSupported: ["INFORMATION"],
        countriesSupported: null,
        countriesExcluded: null,
        kycSupported: null,
        kycExcluded: null,
        currenciesSupported: null,
        currenciesExcluded: null,
        nationalitiesSupported: null,
        nationalitiesExcluded: null,
      }),
    ],
    [
      "availability optional lists empty",
      set("availability", {
        categoriesSupported: ["CASH"],
        countriesSupported: [],
        countriesExcluded: [],
        kycSupported: [],
        kycExcluded: [],
        currenciesSupported: [],
        currenciesExcluded: [],
        nationalitiesSupported: [],
        nationalitiesExcluded: [],
      }),
    ],
    // Nested quantifiers are safe on the linear-time engine, so they are accepted.
    ["validationRegex ^(a+)+$", set("deliveryOptions[0].validationRegex", "^(a+)+$")],
    ["landingPage empty", set("landingPage", "")],
    ["landingPage bare host", set("landingPage", "www.moneygram.com")],
    [
      "translations empty",
      (body) => withValue(set("name.translation", "")(body), "shortDescription.translation", ""),
    ],
    ["contact strings empty", set("contacts[0]", { email: "", name: "", phone: "" })],
    [
      "deliveryOption with required fields only",
      set("deliveryOptions[0]", { fieldLabel: "", fieldName: "code", dataType: "STRING", isRequired: false }),
    ],
  ];

  it.each(ACCEPTED)("Create: %s", async (_label, edit) => {
    const body = edit(fullChannelBody(randomUUID()));
    const id = body.providerDeliveryChannelId as string;
    const reply = await postJsonWithKey(CREATE, body);
    expect(reply.status).toBe(200);
    expect((reply.body.data as Json).providerDeliveryChannelId).toBe(id);
    expect((await viewChannel(id)).body).toStrictEqual({
      error: null,
      data: expectedView(body),
      status: "success",
    });
  });

  it.each(ACCEPTED.filter(([label]) => !label.startsWith("providerDeliveryChannelId")))(
    "Update: %s",
    async (_label, edit) => {
      const id = randomUUID();
      expect((await postJsonWithKey(CREATE, fullChannelBody(id))).status).toBe(200);
      const body = edit({ ...fullChannelBody(id), status: "OFFLINE" });
      expect((await postJsonWithKey(UPDATE, body)).status).toBe(200);
      const status = (body.status ?? "REQUESTED") as string; // null or absent keeps REQUESTED
      expect((await viewChannel(id)).body.data).toStrictEqual(expectedView(body, status));
    },
  );
});

describe("content types", () => {
  it.each([
    "application/json-patch+json",
    "application/json",
    "application/json; charset=utf-8",
    "text/json",
    "application/vnd.provider+json",
  ])("Create accepts %s", async (contentType) => {
    const id = randomUUID();
    const reply = await postRawWithKey(CREATE, JSON.stringify(fullChannelBody(id)), contentType);
    expect(reply.status).toBe(200);
    expect((await viewChannel(id)).status).toBe(200);
  });

  it.each(["text/plain", "application/x-www-form-urlencoded"])("Create refuses %s", async (contentType) => {
    const id = randomUUID();
    const reply = await postRawWithKey(CREATE, JSON.stringify(fullChannelBody(id)), contentType);
    expect(reply.status).toBe(400);
    expect((reply.body.error as Json).type).toBe("ValidationError");
    expect((await viewChannel(id)).status).toBe(404);
  });
});
