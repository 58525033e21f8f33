/**
 * The callbacks' contract: the OpenAPI document publishes each event's payload and headers in its
 * `webhooks` section (valid OpenAPI 3.1), the published JSON Schemas agree with the zod schemas, and
 * the headers the dispatcher builds are the documented ones.
 */
import { compileErrors, validate } from "@readme/openapi-parser";
import { describe, expect, it } from "vitest";
import { openApiDocument } from "@/lib/api/openapi/document";
import {
  EXAMPLE_BENEFICIARY_ERASED,
  EXAMPLE_OUTCOMES_OVERDUE,
  EXAMPLE_REFUND_REQUESTED,
  EXAMPLE_REQUEST_SENT,
  EXAMPLE_STATUS_UPDATED,
} from "@/lib/api/openapi/examples";
import { PORTAL_EVENT_TYPES } from "@/lib/contract/subscription";
import {
  callbackHeadersSchema,
  WEBHOOK_PAYLOAD_SCHEMAS,
  webhookHeadersSchema,
} from "@/lib/contract/webhook-payloads";
import { callbackHeaders } from "@/lib/webhooks/signing";
import { schemaValidator } from "../../support/http/openapi-schemas";

// biome-ignore lint/suspicious/noExplicitAny: walking a JSON document
type Json = any;
const doc: Json = openApiDocument();
const check = schemaValidator(doc.components.schemas);
const payloadSchema = (eventType: string) =>
  doc.webhooks[eventType].post.requestBody.content["application/json"].schema;

const EXAMPLES = {
  DELIVERY_CHANNEL_STATUS_UPDATED: EXAMPLE_STATUS_UPDATED,
  DELIVERY_REQUEST_SENT: EXAMPLE_REQUEST_SENT,
  DELIVERY_REFUND_REQUESTED: EXAMPLE_REFUND_REQUESTED,
  BENEFICIARY_ERASED: EXAMPLE_BENEFICIARY_ERASED,
  DELIVERY_OUTCOMES_OVERDUE: EXAMPLE_OUTCOMES_OVERDUE,
};

describe("the webhooks section", () => {
  it("is part of a valid OpenAPI 3.1 document", async () => {
    const result = await validate(structuredClone(doc));
    expect(result.valid ? "" : compileErrors(result)).toBe("");
    expect(Object.keys(doc.webhooks)).toEqual([...PORTAL_EVENT_TYPES]);
  });

  it.each(PORTAL_EVENT_TYPES)("describes %s: a POST of its payload with the documented headers", (type) => {
    const callback = doc.webhooks[type].post;
    expect(callback.summary).toBeTruthy();
    expect(callback.description).toContain("webhook-id");
    expect(callback.requestBody.required).toBe(true);
    expect(payloadSchema(type).$ref).toMatch(/^#\/components\/schemas\//);
    const headers = callback.parameters.filter((p: Json) => p.in === "header").map((p: Json) => p.name);
    expect(headers).toEqual(Object.keys(webhookHeadersSchema.shape));
    expect(callback.responses["200"]).toBeDefined();
  });

  it.each(PORTAL_EVENT_TYPES)("gives a %s example that both schemas accept", (type) => {
    const example = doc.webhooks[type].post.requestBody.content["application/json"].example;
    expect(example).toEqual(EXAMPLES[type]);
    expect(WEBHOOK_PAYLOAD_SCHEMAS[type].safeParse(example).success).toBe(true);
    expect(check(payloadSchema(type), example)).toEqual([]);
  });

  it("refuses what the zod schemas refuse", () => {
    const [delivery] = EXAMPLE_REQUEST_SENT.delivery;
    const invalid: [string, unknown][] = [
      ["DELIVERY_CHANNEL_STATUS_UPDATED", { ...EXAMPLE_STATUS_UPDATED, status: "Pending" }],
      ["DELIVERY_CHANNEL_STATUS_UPDATED", { ...EXAMPLE_STATUS_UPDATED, extra: 1 }],
      ["DELIVERY_CHANNEL_STATUS_UPDATED", { ...EXAMPLE_STATUS_UPDATED, requestType: "Delete" }],
      ["DELIVERY_REQUEST_SENT", { ...EXAMPLE_REQUEST_SENT, delivery: [{ ...delivery, commodity: "WHEAT" }] }],
      ["DELIVERY_REQUEST_SENT", { ...EXAMPLE_REQUEST_SENT, delivery: [{ ...delivery, amount: -1 }] }],
      ["DELIVERY_REQUEST_SENT", { ...EXAMPLE_REQUEST_SENT, deliveryRequestId: "not-a-uuid" }],
      ["DELIVERY_REFUND_REQUESTED", {}],
    ];
    for (const [type, value] of invalid) {
      const schema = WEBHOOK_PAYLOAD_SCHEMAS[type as keyof typeof WEBHOOK_PAYLOAD_SCHEMAS];
      expect(schema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(check(payloadSchema(type), value), JSON.stringify(value)).not.toEqual([]);
    }
  });
});

describe("the headers the dispatcher builds", () => {
  const body = JSON.stringify(EXAMPLE_REFUND_REQUESTED);
  const build = (auth: Parameters<typeof callbackHeaders>[2]) =>
    callbackHeaders("0193a4b6-3f0e-7c55-9d1e-5b8f2a7c4e99", body, auth, new Date("2025-04-07T07:51:38Z"));

  it("parse with the contract's schema for every kind of auth", () => {
    const kinds = [
      null,
      { type: "hmac", secret: "s3cret" },
      { type: "header", headerName: "X-Token", headerValue: "abc" },
      { type: "basic", username: "u", password: "p" },
    ] as const;
    for (const auth of kinds) {
      const headers = build(auth);
      expect(callbackHeadersSchema.parse(headers), JSON.stringify(auth)).toEqual(headers);
    }
    expect(build({ type: "hmac", secret: "s3cret" })).toMatchObject({
      "webhook-timestamp": "1744012298",
      "x-signature": expect.stringMatching(/^sha256=/),
      "webhook-signature": expect.stringMatching(/^v1,/),
    });
    expect(build({ type: "header", headerName: "X-Token", headerValue: "abc" })["x-token"]).toBe("abc");
  });
});
