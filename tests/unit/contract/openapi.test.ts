/**
 * The OpenAPI document: valid OpenAPI 3.1, the contract's paths, security and limits, and schemas that
 * agree with the zod contract (checked by validating samples with a JSON Schema 2020-12 validator).
 */
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { REQUEST_CONTENT_TYPES } from "@/lib/api/content-types";
import { openApiDocument, openApiJson } from "@/lib/api/openapi/document";
import { EXAMPLE_CHANNEL, EXAMPLE_VIEW } from "@/lib/api/openapi/examples";
import { OPERATIONS as TABLE } from "@/lib/api/operations";
import { channelBodySchema, channelViewSchema } from "@/lib/contract/channel";
import { LANGUAGES } from "@/lib/contract/enums";
import { failureEnvelopeSchema } from "@/lib/contract/envelope-schema";
import { schemaValidator as validatorOf } from "../../support/http/openapi-schemas";

// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
type Json = any;
const doc: Json = openApiDocument();
const schemas: Record<string, Json> = doc.components.schemas;

/** [method, path] of each operation the reference publishes, from the operation table. */
const OPERATIONS = TABLE.filter((operation) => operation.published !== false).map(
  (operation) => [operation.method.toLowerCase(), operation.path] as const,
);
const isPlatform = (path: string) => path.startsWith("/api/platform/v1/");
/** A platform write without a body (approve, issue a key, replay) takes none. */
const BODILESS = new Set(
  TABLE.filter((operation) => operation.method === "POST" && !operation.body).map((o) => o.path),
);

const schemaValidator = () => validatorOf(schemas);

describe("OpenAPI document", () => {
  it("is valid OpenAPI 3.1", async () => {
    const result = await validate(structuredClone(doc));
    expect(result.valid ? "" : compileErrors(result)).toBe("");
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.version).toBe("v1");
    // Whom to ask and on what terms, as a reader of any reference looks for them.
    expect(doc.info.contact.name).toMatch(/support/);
    expect(doc.info.license.name).toMatch(/provider agreement/);
  });

  it("has exactly the table's published operations (the contract's five, Unsubscribe, the two syncs), each with an operationId and summary", () => {
    const found = Object.entries(doc.paths).flatMap(([path, item]) =>
      Object.keys(item as object).map((method) => [method, path]),
    );
    expect(found.sort()).toEqual(OPERATIONS.map(([m, p]) => [m, p]).sort());
    for (const [method, path] of OPERATIONS) {
      const operation = doc.paths[path][method];
      expect(operation.operationId).toBeTruthy();
      expect(operation.summary).toBeTruthy();
      expect(operation.description.length).toBeGreaterThan(50);
    }
  });

  it("declares the x-api-key scheme and applies it to every operation", () => {
    expect(doc.components.securitySchemes.ApiKey).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "x-api-key",
    });
    expect(doc.security).toEqual([{ ApiKey: [] }]);
    for (const [method, path] of OPERATIONS) {
      const scheme = isPlatform(path) ? "PlatformToken" : "ApiKey";
      expect(doc.paths[path][method].security).toEqual([{ [scheme]: [] }]);
    }
    expect(doc.components.securitySchemes.PlatformToken).toMatchObject({ type: "http", scheme: "bearer" });
  });

  it("accepts POST bodies under the four content types and answers in the envelope", () => {
    for (const [method, path] of OPERATIONS) {
      const operation = doc.paths[path][method];
      if (method === "post" && !BODILESS.has(path)) {
        expect(Object.keys(operation.requestBody.content)).toEqual([...REQUEST_CONTENT_TYPES]);
        expect(operation.requestBody.required).toBe(true);
        expect(operation.responses["413"]).toBeDefined();
      }
      for (const status of ["200", "401", "500"]) expect(operation.responses[status]).toBeDefined();
      for (const [status, response] of Object.entries<Json>(operation.responses)) {
        const schema = response.content["application/json"].schema;
        if (status === "200")
          expect(schemas[schema.$ref.split("/").pop()].properties.status.enum).toEqual(["success"]);
        else expect(schema).toEqual({ $ref: "#/components/schemas/FailedResponse" });
      }
    }
    expect(doc.paths["/api/DeliveryChannel/Create"].post.responses["409"]).toBeDefined();
    expect(doc.paths["/api/DeliveryChannel/Update"].post.responses["404"]).toBeDefined();
    expect(
      doc.paths["/api/DeliveryChannel/Get/{providerDeliveryChannelId}"].get.responses["404"],
    ).toBeDefined();
  });

  it("documents the contract's error table in the examples", () => {
    const create = doc.paths["/api/DeliveryChannel/Create"].post.responses;
    const example = (status: string, name: string) =>
      create[status].content["application/json"].examples[name].value.error;
    expect(example("401", "missing")).toMatchObject({
      code: 401,
      type: "Unauthorized",
      title: "API Key is missing",
      message: null,
    });
    expect(example("400", "invalidField")).toMatchObject({
      code: 400,
      type: "ValidationError",
      title: "Invalid Request Body",
    });
    expect(example("400", "invalidField").message).toContain("colour: Unknown property");
    expect(example("500", "exception")).toMatchObject({
      code: 500,
      type: "Exception",
      title: "Internal Server Error",
      message: null,
    });
    expect(example("409", "duplicate")).toMatchObject({ code: 409, type: "Conflict" });
  });

  it("is strict: additionalProperties false on the channel and every nested object", () => {
    const objects = [
      "DeliveryChannel",
      "DeliveryChannelView",
      "Translation",
      "Contact",
      "CallCenter",
      "Availability",
      "Budget",
      "DeliveryOption",
      "SubscribeRequest",
      "UnsubscribeRequest",
      "LookupRequest",
      "FailedResponse",
      "Error",
    ];
    for (const name of objects) {
      expect(schemas[name], name).toMatchObject({ type: "object", additionalProperties: false });
    }
    for (const variant of schemas.SubscribeRequest.properties.auth.oneOf.filter(
      (s: Json) => s.type === "object",
    )) {
      expect(variant.additionalProperties).toBe(false);
    }
  });

  it("carries the contract's limits and enumerations", () => {
    const channel = schemas.DeliveryChannel;
    expect(channel.properties.providerDeliveryChannelId).toMatchObject({ type: "string", maxLength: 64 });
    expect(channel.properties.landingPage.maxLength).toBe(512);
    expect(channel.required).toEqual(["providerDeliveryChannelId", "name", "landingPage", "availability"]);
    expect(schemas.Translation.properties.language.enum).toEqual([...LANGUAGES]);
    expect(schemas.Translation.properties.translation.maxLength).toBe(1024);
    expect(schemas.Contact.properties.name.maxLength).toBe(128);
    expect(schemas.CallCenter.properties.website.maxLength).toBe(512);
    expect(schemas.DeliveryOption.properties.fieldLabel.maxLength).toBe(128);
    expect(schemas.SubscribeRequest.properties.callbackUrl.maxLength).toBe(256);
    expect(schemas.SubscribeRequest.properties.eventType.enum).not.toContain("NULL");
    expect(schemas.DeliveryChannelView.properties.status.enum).toEqual(["OFFLINE", "ONLINE", "REQUESTED"]);
    expect(schemas.DeliveryChannelView.required).toEqual(
      expect.arrayContaining(["isApproved", "status", "budget"]),
    );
  });

  it("keeps components non-nullable and writes nullable uses as reference or null", () => {
    for (const [name, schema] of Object.entries<Json>(schemas)) {
      expect([schema.type].flat(), name).not.toContain("null");
    }
    expect(JSON.stringify(doc)).not.toContain('"allOf"');
    expect(schemas.DeliveryChannel.properties.callCenter).toEqual({
      oneOf: [{ $ref: "#/components/schemas/CallCenter" }, { type: "null" }],
    });
    expect(schemas.DeliveryChannel.properties.budget).toEqual({ $ref: "#/components/schemas/Budget" });
    expect(schemas.DeliveryChannelView.properties.budget.oneOf).toContainEqual({ type: "null" });
  });

  it("describes the channel semantics", () => {
    const text = JSON.stringify(doc);
    for (const phrase of [
      "REQUESTED",
      "supersedes",
      "409",
      "404",
      "Delivery Channel Update Status",
      "approved content",
    ]) {
      expect(text).toContain(phrase);
    }
    expect(doc.paths["/api/Event/Subscribe"].post.description).toMatch(/one subscription per event type/);
    expect(doc.paths["/api/Event/Subscribe"].post.description).toMatch(/encrypted at rest/);
  });

  it("tells a new integrator where a test-mode key comes from", () => {
    const testMode = String(doc.info.description).split("## Test mode")[1]?.split("\n## ")[0] ?? "";
    expect(testMode).toMatch(/API keys page/);
    expect(testMode).toMatch(/Test mode switched on/);
  });

  it("agrees with the zod contract on valid and invalid bodies", () => {
    const check = schemaValidator();
    const body = schemas.DeliveryChannel;
    const minimal = {
      providerDeliveryChannelId: "a",
      name: { language: "EN", translation: "A" },
      shortDescription: null,
      landingPage: "www.example.org",
      contacts: null,
      callCenter: null,
      availability: { categoriesSupported: [], countriesSupported: null, kycExcluded: null },
      deliveryOptions: null,
      status: null,
    };
    for (const valid of [EXAMPLE_CHANNEL, minimal]) {
      expect(channelBodySchema.safeParse(valid).success).toBe(true);
      expect(check(body, valid)).toEqual([]);
    }
    const invalid = [
      { ...minimal, colour: "blue" },
      { ...minimal, providerDeliveryChannelId: "x".repeat(65) },
      { ...minimal, name: null },
      { ...minimal, name: { language: "Klingon", translation: "A" } },
      { ...minimal, callCenter: { phone: "1", fax: "2" } },
      { ...minimal, budget: null },
      { ...minimal, status: "PAUSED" },
    ];
    for (const value of invalid) {
      expect(channelBodySchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(check(body, value), JSON.stringify(value)).not.toEqual([]);
    }
    expect(channelViewSchema.safeParse(EXAMPLE_VIEW).success).toBe(true);
    expect(check(schemas.DeliveryChannelView, EXAMPLE_VIEW)).toEqual([]);
    expect(check(schemas.DeliveryChannelView, { ...EXAMPLE_VIEW, budget: null, callCenter: null })).toEqual(
      [],
    );
  });

  it("gives examples that match their schemas", () => {
    const check = schemaValidator();
    let checked = 0;
    for (const item of Object.values<Json>(doc.paths)) {
      for (const operation of Object.values<Json>(item)) {
        const media = [
          ...Object.values<Json>(operation.requestBody?.content ?? {}),
          ...Object.values<Json>(operation.responses).flatMap((r) => Object.values<Json>(r.content ?? {})),
        ];
        for (const { schema, example, examples } of media) {
          const values = [
            ...(example === undefined ? [] : [example]),
            ...Object.values<Json>(examples ?? {}).map((e) => e.value),
          ];
          for (const value of values) {
            expect(check(schema, value), JSON.stringify(value).slice(0, 200)).toEqual([]);
            if (value?.status === "failed") expect(failureEnvelopeSchema.safeParse(value).success).toBe(true);
            checked++;
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  it("is built once and serialized once", () => {
    expect(openApiDocument()).toBe(doc);
    expect(JSON.parse(openApiJson())).toEqual(doc);
  });
});
