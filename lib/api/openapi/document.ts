/**
 * The OpenAPI 3.1 document of the provider API, generated from the operation table (lib/api/operations)
 * and the contract's zod schemas (the same ones that validate requests), so the reference cannot drift
 * from what the API accepts. The `webhooks` section describes the callbacks (lib/api/openapi/webhook-callbacks.ts).
 * Served at /api/openapi.json and rendered at /docs.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31, type ResponseConfig } from "@asteasolutions/zod-to-openapi";
import { failureEnvelopeSchema } from "../../contract/envelope-schema";
import { WEBHOOK_PAYLOAD_SCHEMAS } from "../../contract/webhook-payloads";
import { refusesReadKey } from "../endpoint";
import type { ApiOperation } from "../operation";
import { OPERATIONS } from "../operations";
import { codeSamples } from "./code-samples";
import { apiDescription } from "./description";
import { idempotencyHeaders, withIdempotencyResponses } from "./document-idempotency";
import {
  badQuery,
  badRequest,
  jsonBody,
  okResponse,
  platformFailures,
  queryRejection,
  readOnlyForbidden,
  rejection,
  serverBusyResponse,
  serverError,
  tooLarge,
  unauthorized,
} from "./document-responses";
import { namedComponents, withoutUnreferenced } from "./named-schemas";
import { withRateLimitResponses } from "./rate-limits";
import { tagsOf } from "./tags";
import { registerWebhooks, WEBHOOK_TAG } from "./webhook-callbacks";

const API_KEY_SCHEME = "ApiKey";
const TOKEN_SCHEME = "PlatformToken";

/** Each kind of caller's scheme, for an operation's `security`. */
const securityOf = (operation: ApiOperation) =>
  operation.auth === "apiKey"
    ? [{ [API_KEY_SCHEME]: [] }]
    : operation.auth === "platformToken"
      ? [{ [TOKEN_SCHEME]: [] }]
      : [];

/** The operations of the provider reference, in the table's order. */
const published = () => OPERATIONS.filter((operation) => operation.published !== false);

/** Every named schema of the published operations' bodies and answers, the failure envelope and the callbacks. */
const componentSchemas = () =>
  namedComponents([
    ...published().flatMap((operation) =>
      operation.body ? [operation.body, operation.response] : [operation.response],
    ),
    failureEnvelopeSchema,
    ...Object.values(WEBHOOK_PAYLOAD_SCHEMAS),
  ]);

/** What every operation of its kind answers (400 and 413 with a body, 401 with a key, 403 unless a read-only key may call it), then its own. */
function responsesOf(operation: ApiOperation): Record<number, ResponseConfig> {
  const docs = operation.docs();
  const { body } = operation;
  const responses: Record<number, ResponseConfig> = {
    200: okResponse(docs.ok.description, operation.response, docs.responseId, docs.ok.examples),
    500: serverError(),
  };
  if (body && docs.invalidBody !== undefined) responses[400] = badRequest(rejection(body, docs.invalidBody));
  const refusedQuery = operation.query && queryRejection(operation.query);
  if (refusedQuery) responses[400] = badQuery(refusedQuery);
  if (operation.auth === "apiKey") responses[401] = unauthorized();
  if (operation.auth === "apiKey" && refusesReadKey(operation.permission))
    responses[403] = readOnlyForbidden(operation.method, operation.path);
  if (operation.auth === "platformToken") Object.assign(responses, platformFailures());
  if (body) responses[413] = tooLarge(operation.bodyLimits?.bytes);
  if (body) responses[503] = serverBusyResponse();
  const own = { ...responses, ...docs.responses };
  const retriable = operation.idempotencyKey ? withIdempotencyResponses(own) : own;
  return operation.auth === "none" ? retriable : withRateLimitResponses(retriable);
}

function registerOperation(registry: OpenAPIRegistry, operation: ApiOperation): void {
  const request = operation.docs().request;
  registry.registerPath({
    method: operation.method === "GET" ? "get" : "post",
    path: operation.path,
    operationId: operation.operationId,
    tags: [operation.tag],
    summary: operation.summary,
    description: operation.description,
    security: securityOf(operation),
    request: {
      ...(operation.body &&
        request && { body: jsonBody(operation.body, request.description, request.example) }),
      ...(operation.params && { params: operation.params }),
      ...(operation.query && { query: operation.query }),
      ...(operation.idempotencyKey && { headers: idempotencyHeaders() }),
    },
    responses: responsesOf(operation),
    "x-codeSamples": codeSamples(operation),
  });
}

function buildRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description:
      'The provider\'s API key, issued in the portal (API keys) or by a platform administrator. A key of scope "read" may call only the operations that read (View, lookups); the others answer it 403.',
  });
  registry.registerComponent("securitySchemes", TOKEN_SCHEME, {
    type: "http",
    scheme: "bearer",
    bearerFormat: "dcp_pat_…",
    description:
      "The platform API's token (`Authorization: Bearer dcp_pat_…`), issued by a platform user in the console (API tokens). It acts with its user's current platform roles; it expires, and can be revoked.",
  });
  for (const operation of published()) registerOperation(registry, operation);
  registerWebhooks(registry);
  return registry;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };
type JsonObject = { [key: string]: Json };
const isObject = (value: Json | undefined): value is JsonObject =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/**
 * zod-to-openapi (v9, 3.1 output) writes a nullable or described use of a named component as
 * `allOf: [{ $ref }, { type: [<type>, "null"], description }]`, which no value can satisfy when null.
 * Rewrites it as `oneOf: [{ $ref }, { type: "null" }]` (nullable) or `{ $ref, description }`.
 */
function fixReferenceWrappers(node: Json, components: JsonObject): Json {
  if (Array.isArray(node)) return node.map((item) => fixReferenceWrappers(item, components));
  if (!isObject(node)) return node;
  const out: JsonObject = {};
  for (const [key, value] of Object.entries(node)) out[key] = fixReferenceWrappers(value, components);
  const allOf = out.allOf;
  if (!Array.isArray(allOf) || allOf.length !== 2) return out;
  const [ref, extra] = allOf;
  if (!isObject(ref) || typeof ref.$ref !== "string" || Object.keys(ref).length !== 1 || !isObject(extra)) {
    return out;
  }
  const { type, ...annotations } = extra;
  const target = components[ref.$ref.replace("#/components/schemas/", "")];
  const targetType = isObject(target) ? target.type : undefined;
  const nullable =
    Array.isArray(type) &&
    type.includes("null") &&
    type.filter((t) => t !== "null").join() === String(targetType);
  if (type !== undefined && !nullable) return out;
  const { allOf: _allOf, ...rest } = out;
  return nullable
    ? { ...rest, ...annotations, oneOf: [ref, { type: "null" }] }
    : { ...rest, ...annotations, $ref: ref.$ref };
}

function generate(): JsonObject {
  const generated = new OpenApiGeneratorV31([
    // As "schema" definitions: a bare zod 4 schema has a `type` property, which the generator
    // mistakes for a definition kind and skips.
    ...componentSchemas().map((schema) => ({ type: "schema" as const, schema })),
    ...buildRegistry().definitions,
  ]).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Delivery Channel Provider API",
      version: "v1",
      description: apiDescription(),
      // Names only: each server serves its own reference, and a relative address is not a URL here.
      contact: { name: "Delivery Channel Portal support, through your platform contact" },
      license: { name: "Proprietary: called under the platform's provider agreement" },
    },
    servers: [{ url: "/", description: "This server" }],
    security: [{ [API_KEY_SCHEME]: [] }],
    tags: tagsOf([...published().map((operation) => operation.tag), WEBHOOK_TAG]),
  }) as unknown as JsonObject;
  const components = isObject(generated.components) ? generated.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  return withoutUnreferenced(fixReferenceWrappers(generated, schemas) as JsonObject);
}

let cached: { document: JsonObject; json: string } | undefined;

/** The OpenAPI 3.1 document, built once per process. */
export function openApiDocument(): JsonObject {
  cached ??= (() => {
    const document = generate();
    return { document, json: JSON.stringify(document) };
  })();
  return cached.document;
}

/** The document serialized, for serving. */
export function openApiJson(): string {
  openApiDocument();
  return cached!.json;
}
