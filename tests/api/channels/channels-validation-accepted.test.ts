/**
 * The contract's field rows over real HTTP, on Create and Update: an accepted body is stored exactly
 * (View shows it back), and the content types Create takes (see channels-validation.test.ts).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import {
  CREATE,
  expectedView,
  postJsonWithKey,
  postRawWithKey,
  UPDATE,
  viewChannel,
} from "../../support/channels/channel-api";
import { fullChannelBody } from "../../support/channels/channel-bodies";
import { LENGTH_LIMITS } from "../../support/channels/contract-rows";
import { type Json, set, withValue } from "../../support/http/json-path";

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
