/**
 * The OpenAPI 3.1 document of the provider API, generated from the contract's zod schemas (the same
 * ones that validate requests), so the reference cannot drift from what the API accepts. Served at
 * /api/openapi.json and rendered at /docs. Error examples are built with the API's own error
 * factories, so they show exactly what the API answers.
 */
import { OpenAPIRegistry, OpenApiGeneratorV31 } from "@asteasolutions/zod-to-openapi";
import { z } from "zod";
import {
  apiKeyInvalid,
  apiKeyMissing,
  ApiError,
  conflict,
  internalError,
  notFound,
  payloadTooLarge,
  unsupportedMediaType,
  validationError,
} from "../api/errors";
import { parseOrThrow } from "../api/validation";
import { MAX_BODY_BYTES } from "../config";
import {
  availabilitySchema,
  budgetSchema,
  callCenterSchema,
  type ChannelBody,
  type ChannelView,
  channelBodySchema,
  channelViewSchema,
  contactSchema,
  deliveryOptionSchema,
  providerDeliveryChannelId,
  translationSchema,
} from "./channel";
import {
  errorObjectSchema,
  failureEnvelopeSchema,
  REQUEST_TYPES,
  type RequestReceipt,
  requestReceiptSchema,
  successEnvelope,
} from "./envelope";
import { LOOKUP_KEYS, type LookupItem, lookupItemSchema, lookupRequestSchema } from "./lookups";
import { deliveryRequestSyncSchema, deliverySyncSchema, syncReceiptSchema } from "./sync";
import {
  type SubscriptionReceipt,
  subscribeRequestSchema,
  subscriptionReceiptSchema,
  unsubscribeRequestSchema,
} from "./subscription";

/** The content types a POST body is accepted under (the contract's four). */
export const REQUEST_CONTENT_TYPES = [
  "application/json-patch+json",
  "application/json",
  "text/json",
  "application/*+json",
] as const;

export const API_KEY_SCHEME = "ApiKey";

// ---------------------------------------------------------------------------------------------------
// Examples (checked against the schemas in tests/unit/openapi.test.ts)

const EXAMPLE_ID = "3f2c9a5e-8d4b-4c1a-9e57-2b6f0d1c7a43";
const EXAMPLE_DATE = "2025-04-07T07:51:38Z";
const EXAMPLE_GUID = "7c1e4b52-0f3a-4d8e-9b61-5a2d3c4e8f90";

export const EXAMPLE_CHANNEL: ChannelBody = {
  providerDeliveryChannelId: EXAMPLE_ID,
  name: { language: "EN", translation: "Cash pick-up at partner agents" },
  shortDescription: {
    language: "EN",
    translation: "Collect cash at any partner agent with the code sent by SMS.",
  },
  landingPage: "www.example.org",
  contacts: [{ email: "support@example.org", name: "Provider support", phone: "+359 2 123 4567" }],
  callCenter: { phone: "+359 2 123 4567", email: "callcenter@example.org", website: null, whatsapp: null },
  availability: {
    categoriesSupported: ["CASH"],
    countriesSupported: ["BG", "PL"],
    countriesExcluded: null,
    kycSupported: ["NATIONAL_IDENTITY", "PASSPORT"],
    kycExcluded: null,
    currenciesSupported: ["EUR", "BGN", "PLN"],
    currenciesExcluded: null,
    nationalitiesSupported: ["UKRAINIAN"],
    nationalitiesExcluded: null,
  },
  budget: { currency: "EUR", commodity: null, amount: 250000 },
  deliveryOptions: [
    {
      fieldLabel: "Mobile phone number",
      fieldName: "phoneNumber",
      fieldMinLength: 8,
      fieldMaxLength: 16,
      dataType: "STRING",
      validationRegex: "^\\+?[0-9]{8,15}$",
      isRequired: true,
    },
  ],
  status: null,
};

const { status: _ignored, ...exampleContent } = EXAMPLE_CHANNEL;
export const EXAMPLE_VIEW: ChannelView = {
  ...exampleContent,
  shortDescription: exampleContent.shortDescription ?? null,
  contacts: exampleContent.contacts ?? null,
  callCenter: exampleContent.callCenter ?? null,
  budget: exampleContent.budget ?? null,
  deliveryOptions: exampleContent.deliveryOptions ?? null,
  isApproved: true,
  status: "ONLINE",
};

const receiptExample = (verb: string, requestType: string): RequestReceipt => ({
  message: `Delivery channel ${verb} request created successfully`,
  providerDeliveryChannelId: EXAMPLE_ID,
  date: EXAMPLE_DATE,
  requestType,
  requestedDate: EXAMPLE_DATE,
});

const subscriptionExample = (message: string): SubscriptionReceipt => ({
  message,
  subscriptionId: "b6a1f0d2-4c3e-4f5a-8b7c-9d0e1f2a3b4c",
  callbackUrl: "https://provider.example.org/hooks/delivery-channel",
  eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
  date: EXAMPLE_DATE,
});

const LOOKUP_EXAMPLE: LookupItem[] = [
  { lookUp: "USD", translation: "US Dollar" },
  { lookUp: "EUR", translation: "Euro" },
];

// ---------------------------------------------------------------------------------------------------
// Responses

const success = (data: unknown) => ({ error: null, data, status: "success" });
const failed = (error: ApiError) => ({
  error: error.toErrorObject(EXAMPLE_GUID),
  data: null,
  status: "failed",
});

type Examples = Record<string, { summary: string; value: unknown }>;

function okResponse(description: string, data: z.ZodType, id: string, examples: Examples) {
  return {
    description,
    content: {
      "application/json": {
        schema: successEnvelope(data).meta({
          id,
          description: "Success envelope: error null, status success.",
        }),
        examples,
      },
    },
  };
}

function failureResponse(
  description: string,
  examples: Record<string, { summary: string; error: ApiError }>,
) {
  return {
    description,
    content: {
      "application/json": {
        schema: failureEnvelopeSchema,
        examples: Object.fromEntries(
          Object.entries(examples).map(([name, { summary, error }]) => [
            name,
            { summary, value: failed(error) },
          ]),
        ),
      },
    },
  };
}

/** The 400 the API answers for this body: the example is what parsing it really produces. */
function rejection(schema: z.ZodType, body: unknown): ApiError {
  try {
    parseOrThrow(schema, body);
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("the invalid example body was accepted");
}

const badRequest = (invalid: ApiError) =>
  failureResponse(
    "The request does not conform: invalid or missing fields, unknown properties, malformed JSON or an " +
      "unsupported Content-Type. The message names every offending field.",
    {
      invalidField: { summary: "Invalid fields", error: invalid },
      contentType: { summary: "Unsupported Content-Type", error: unsupportedMediaType() },
    },
  );

const unauthorized = failureResponse("The x-api-key header is missing, or the key is unknown or revoked.", {
  missing: { summary: "No x-api-key header", error: apiKeyMissing() },
  invalid: { summary: "Unknown or revoked key", error: apiKeyInvalid() },
});

const tooLarge = failureResponse(`The body is larger than ${MAX_BODY_BYTES} bytes.`, {
  tooLarge: { summary: "Body too large", error: payloadTooLarge(MAX_BODY_BYTES) },
});

const serverError = failureResponse(
  "Unexpected server failure. The guid identifies the occurrence in the server log.",
  { exception: { summary: "Internal error", error: internalError() } },
);

const channelNotFound = failureResponse(
  "The provider has no channel with this providerDeliveryChannelId. Other providers' channels are " +
    "invisible and answer 404 as well.",
  {
    notFound: {
      summary: "Unknown channel",
      error: notFound(`No delivery channel with providerDeliveryChannelId "${EXAMPLE_ID}".`),
    },
  },
);

function jsonBody(schema: z.ZodType, description: string, example: unknown) {
  return {
    description,
    required: true,
    content: Object.fromEntries(REQUEST_CONTENT_TYPES.map((type) => [type, { schema, example }])),
  };
}

// ---------------------------------------------------------------------------------------------------
// Text

const API_DESCRIPTION = `The API through which payout and assistance providers register and maintain their delivery channels.

**Authentication.** Every operation needs the provider's API key in the \`x-api-key\` header. Keys are issued by a platform administrator and shown once.

**Envelope.** Every response is JSON \`{ "error", "data", "status" }\`: on success \`error\` is null and \`status\` is \`success\`; on failure \`data\` is null, \`status\` is \`failed\` and \`error\` holds \`guid\`, \`code\` (the HTTP status), \`type\`, \`title\` and \`message\`.

**Bodies.** POST bodies are JSON, accepted under \`application/json-patch+json\`, \`application/json\`, \`text/json\` and \`application/*+json\`, at most ${MAX_BODY_BYTES} bytes. Unknown properties are refused at every level (400).

**Requests, not changes.** Create and Update record a request that a platform administrator reviews; the success response says that a request was created. A newer Update supersedes every earlier create, update or update-status request of the channel that is still pending. Once a channel is approved, its name and short description are machine-translated into other languages.

**Status.** A channel is \`REQUESTED\`, \`OFFLINE\` or \`ONLINE\`. Create always starts it \`REQUESTED\`; Update may set \`OFFLINE\` or \`ONLINE\`, which takes effect at once.`;

const CREATE_DESCRIPTION = `Requests a new delivery channel. Nothing changes for beneficiaries until a platform administrator approves the request.

- The channel starts \`REQUESTED\`: a \`status\` sent in the body is ignored.
- \`providerDeliveryChannelId\` is the provider's own id (1–64 letters, digits and \`-._~\`; a UUID is recommended) and must be new among the provider's channels: an existing id is a **409** (use Update to change that channel).
- The receipt's \`requestType\` is \`${REQUEST_TYPES.CREATE}\`.`;

const UPDATE_DESCRIPTION = `Requests a change to an existing channel, identified by \`providerDeliveryChannelId\` in the body.

- The body replaces the requested content as a whole: optional fields left out are cleared when the request is applied.
- This request supersedes every earlier create, update or update-status request of the channel that is still pending.
- \`status\` \`OFFLINE\` or \`ONLINE\` changes the channel's status at once; \`REQUESTED\` is refused (400); null or absent leaves the status unchanged.
- An update whose content equals the channel's *approved* content (null and absent fields count as equal) and that only sets a status is recorded as \`${REQUEST_TYPES.UPDATE_STATUS}\`; otherwise \`requestType\` is \`${REQUEST_TYPES.UPDATE}\`, so a channel never approved has no update-status requests. Approving a request approves its whole content.
- An id the provider has no channel under (including another provider's channel) is a **404**.`;

const VIEW_DESCRIPTION = `Returns one of the provider's channels: the approved content once there is one (a pending request does not show until it is approved), the requested content before that, together with \`isApproved\` and the current \`status\`. Every field is present, null where nothing was given. Another provider's channel answers **404** like an unknown id.`;

const LOOKUP_DESCRIPTION = `Returns the values of one enumeration as \`{ lookUp, translation }\` pairs, in the contract's order. Keys: ${LOOKUP_KEYS.map((key) => `\`${key}\``).join(", ")}. \`Country\` lists ISO 3166-1 alpha-2 codes, \`Currency\` ISO 4217 codes. An unknown key is a 400.`;

const SUBSCRIBE_DESCRIPTION = `Subscribes a callback URL to one event type. A provider has at most one subscription per event type: subscribing again replaces its callback URL and auth. \`NULL\` is the enumeration's placeholder and cannot be subscribed to (400).

Callbacks are HTTP POSTs of a JSON body; the receiver must answer 2xx. With \`auth\`, they carry the configured header, HTTP Basic credentials, or \`x-signature: sha256=<hex HMAC-SHA256 of the raw body>\`. Secrets in \`auth\` are encrypted at rest and never returned.`;

const UNSUBSCRIBE_DESCRIPTION = `Removes the provider's subscription to an event type. The receipt describes the removed subscription. Without a subscription to that event type the answer is **404**.`;

// ---------------------------------------------------------------------------------------------------
// The document

/**
 * The named components, generated first and in their plain form, so that a nullable use elsewhere
 * becomes a reference plus null instead of defining the component itself as nullable.
 */
const COMPONENTS: z.ZodType[] = [
  translationSchema,
  contactSchema,
  callCenterSchema,
  availabilitySchema,
  budgetSchema,
  deliveryOptionSchema,
  channelBodySchema,
  channelViewSchema,
  requestReceiptSchema,
  lookupRequestSchema,
  lookupItemSchema,
  subscribeRequestSchema,
  unsubscribeRequestSchema,
  subscriptionReceiptSchema,
  errorObjectSchema,
  failureEnvelopeSchema,
];

function buildRegistry(): OpenAPIRegistry {
  const registry = new OpenAPIRegistry();
  registry.registerComponent("securitySchemes", API_KEY_SCHEME, {
    type: "apiKey",
    in: "header",
    name: "x-api-key",
    description: "The provider's API key, issued by a platform administrator.",
  });
  const security = [{ [API_KEY_SCHEME]: [] }];
  const common = { 401: unauthorized, 500: serverError };
  const receipt = (id: string, summary: string, example: RequestReceipt) =>
    okResponse("The request was recorded.", requestReceiptSchema, id, {
      receipt: { summary, value: success(example) },
    });

  registry.registerPath({
    method: "post",
    path: "/api/DeliveryChannel/Create",
    operationId: "createDeliveryChannel",
    tags: ["Delivery channels"],
    summary: "Create delivery channel",
    description: CREATE_DESCRIPTION,
    security,
    request: { body: jsonBody(channelBodySchema, "The channel to request.", EXAMPLE_CHANNEL) },
    responses: {
      200: receipt(
        "CreateChannelResponse",
        "Create request recorded",
        receiptExample("create", REQUEST_TYPES.CREATE),
      ),
      400: badRequest(
        rejection(channelBodySchema, {
          ...EXAMPLE_CHANNEL,
          providerDeliveryChannelId: "channel 1",
          colour: "blue",
        }),
      ),
      ...common,
      409: failureResponse("The provider already has a channel with this providerDeliveryChannelId.", {
        duplicate: {
          summary: "Duplicate id",
          error: conflict(
            `A delivery channel with providerDeliveryChannelId "${EXAMPLE_ID}" already exists. Use Update to change it.`,
          ),
        },
      }),
      413: tooLarge,
    },
  });

  registry.registerPath({
    method: "post",
    path: "/api/DeliveryChannel/Update",
    operationId: "updateDeliveryChannel",
    tags: ["Delivery channels"],
    summary: "Update delivery channel",
    description: UPDATE_DESCRIPTION,
    security,
    request: {
      body: jsonBody(channelBodySchema, "The channel's complete new content.", {
        ...EXAMPLE_CHANNEL,
        status: "ONLINE",
      }),
    },
    responses: {
      200: okResponse("The request was recorded.", requestReceiptSchema, "UpdateChannelResponse", {
        update: {
          summary: "Update request recorded",
          value: success(receiptExample("update", REQUEST_TYPES.UPDATE)),
        },
        updateStatus: {
          summary: "Only the status changed",
          value: success(receiptExample("update status", REQUEST_TYPES.UPDATE_STATUS)),
        },
      }),
      400: badRequest(validationError(["status: an update can set status only to OFFLINE or ONLINE"])),
      ...common,
      404: channelNotFound,
      413: tooLarge,
    },
  });

  registry.registerPath({
    method: "get",
    path: "/api/DeliveryChannel/Get/{providerDeliveryChannelId}",
    operationId: "getDeliveryChannel",
    tags: ["Delivery channels"],
    summary: "View delivery channel",
    description: VIEW_DESCRIPTION,
    security,
    request: { params: z.object({ providerDeliveryChannelId }) },
    responses: {
      200: okResponse("The channel.", channelViewSchema, "ViewChannelResponse", {
        channel: { summary: "An approved channel", value: success(EXAMPLE_VIEW) },
      }),
      // The contract documents 400, 401 and 500 for every operation; this service answers an id
      // no channel can have with 404, so View's 400 is listed for fidelity to the contract.
      400: failureResponse(
        "Listed by the contract for every operation. View has no body; an id that cannot exist is a 404.",
        { invalidRequest: { summary: "Invalid request", error: validationError() } },
      ),
      ...common,
      404: channelNotFound,
    },
  });

  registry.registerPath({
    method: "post",
    path: "/api/ClientSetting/GetLookUpValues",
    operationId: "getLookUpValues",
    tags: ["Lookups"],
    summary: "Get lookup values",
    description: LOOKUP_DESCRIPTION,
    security,
    request: { body: jsonBody(lookupRequestSchema, "The lookup key.", { data: "Currency" }) },
    responses: {
      200: okResponse("The values of the key.", lookupItemSchema.array(), "LookupResponse", {
        currency: { summary: "Currency (first values)", value: success(LOOKUP_EXAMPLE) },
      }),
      400: badRequest(rejection(lookupRequestSchema, { data: "Colour" })),
      ...common,
      413: tooLarge,
    },
  });

  registry.registerPath({
    method: "post",
    path: "/api/Event/Subscribe",
    operationId: "subscribeEvent",
    tags: ["Events"],
    summary: "Subscribe to an event type",
    description: SUBSCRIBE_DESCRIPTION,
    security,
    request: {
      body: jsonBody(subscribeRequestSchema, "The event type, callback URL and callback authentication.", {
        eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
        callbackUrl: "https://provider.example.org/hooks/delivery-channel",
        auth: { type: "hmac", secret: "a-long-random-shared-secret" },
      }),
    },
    responses: {
      200: okResponse("The subscription, new or replaced.", subscriptionReceiptSchema, "SubscribeResponse", {
        subscribed: {
          summary: "Subscribed",
          value: success(subscriptionExample("Webhook successfully subscribed")),
        },
      }),
      400: badRequest(
        rejection(subscribeRequestSchema, {
          eventType: "NULL",
          callbackUrl: "ftp://example.org",
          auth: null,
        }),
      ),
      ...common,
      413: tooLarge,
    },
  });

  registry.registerPath({
    method: "post",
    path: "/api/Event/Unsubscribe",
    operationId: "unsubscribeEvent",
    tags: ["Events"],
    summary: "Unsubscribe from an event type",
    description: UNSUBSCRIBE_DESCRIPTION,
    security,
    request: {
      body: jsonBody(unsubscribeRequestSchema, "The event type.", {
        eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
      }),
    },
    responses: {
      200: okResponse("The removed subscription.", subscriptionReceiptSchema, "UnsubscribeResponse", {
        unsubscribed: {
          summary: "Unsubscribed",
          value: success(subscriptionExample("Webhook successfully unsubscribed")),
        },
      }),
      400: badRequest(rejection(unsubscribeRequestSchema, { eventType: "NULL" })),
      ...common,
      404: failureResponse("The provider has no subscription to this event type.", {
        notSubscribed: {
          summary: "No subscription",
          error: notFound("There is no subscription to DELIVERY_CHANNEL_STATUS_UPDATED."),
        },
      }),
      413: tooLarge,
    },
  });

  registry.registerPath({
    method: "post",
    path: "/api/DeliveryRequest/Sync",
    operationId: "syncDeliveryRequest",
    tags: ["Delivery requests"],
    summary: "Report a delivery request's status",
    description:
      "Maps a delivery request (from DELIVERY_REQUEST_SENT) to the provider's own id and reports its status. " +
      "Another provider's request is not found (404).",
    security,
    request: {
      body: jsonBody(deliveryRequestSyncSchema, "The platform's id, the provider's id and the status.", {
        deliveryRequestId: "0193a4b6-3f0e-7c55-9d1e-5b8f2a7c4e10",
        providerDeliveryRequestId: "ACME-REQ-2025-000123",
        status: "APPROVED",
      }),
    },
    responses: {
      200: okResponse("Recorded.", syncReceiptSchema, "DeliveryRequestSyncResponse", {
        synced: {
          summary: "Recorded",
          value: success({
            message: "Delivery request synchronised",
            date: "2025-04-07T07:51:38Z",
            count: 1,
          }),
        },
      }),
      400: badRequest(rejection(deliveryRequestSyncSchema, { deliveryRequestId: "", status: "SHIPPED" })),
      ...common,
      404: failureResponse("No such delivery request of this provider.", {
        unknown: {
          summary: "Unknown request",
          error: notFound("No delivery request 0193a4b6-3f0e-7c55-9d1e-5b8f2a7c4e10."),
        },
      }),
      413: tooLarge,
    },
  });

  registry.registerPath({
    method: "post",
    path: "/api/Delivery/Sync",
    operationId: "syncDeliveries",
    tags: ["Delivery requests"],
    summary: "Report deliveries' outcomes",
    description:
      "Reports the outcome of each delivery. DELIVERY_REVERTED gives the amount back to the budget and " +
      "DELIVERED or DELIVERY_COLLECTED count it as delivered, each once however often it is reported. " +
      "All or nothing: an unknown delivery id refuses the whole report (404).",
    security,
    request: {
      body: jsonBody(deliverySyncSchema, "One entry per delivery.", {
        deliveryList: [
          {
            deliveryId: "0193a4b6-3f0e-7c55-9d1e-5b8f2a7c4e11",
            providerDeliveryId: "ACME-TX-889911",
            deliveryAmount: 150,
            deliveryUnit: "EUR",
            deliveryReferenceNo: "REF-42",
            status: "DELIVERY_COLLECTED",
            providerStatus: "PAID_OUT",
          },
        ],
      }),
    },
    responses: {
      200: okResponse("Recorded.", syncReceiptSchema, "DeliverySyncResponse", {
        synced: {
          summary: "Recorded",
          value: success({ message: "Deliveries synchronised", date: "2025-04-07T07:51:38Z", count: 1 }),
        },
      }),
      400: badRequest(rejection(deliverySyncSchema, { deliveryList: [] })),
      ...common,
      404: failureResponse("A delivery of the list is not this provider's.", {
        unknown: {
          summary: "Unknown delivery",
          error: notFound("No delivery 0193a4b6-3f0e-7c55-9d1e-5b8f2a7c4e11."),
        },
      }),
      413: tooLarge,
    },
  });

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
    ...COMPONENTS.map((schema) => ({ type: "schema" as const, schema })),
    ...buildRegistry().definitions,
  ]).generateDocument({
    openapi: "3.1.0",
    info: {
      title: "Delivery Channel Provider API",
      version: "v1",
      description: API_DESCRIPTION,
    },
    servers: [{ url: "/", description: "This server" }],
    security: [{ [API_KEY_SCHEME]: [] }],
    tags: [
      { name: "Delivery channels", description: "Request, change and view delivery channels." },
      { name: "Lookups", description: "The values of the enumerations used in the request fields." },
      { name: "Events", description: "Callback subscriptions for event notifications." },
    ],
  }) as unknown as JsonObject;
  const components = isObject(generated.components) ? generated.components : {};
  const schemas = isObject(components.schemas) ? components.schemas : {};
  const document = fixReferenceWrappers(generated, schemas) as JsonObject;
  if (isObject(document.webhooks) && Object.keys(document.webhooks).length === 0) delete document.webhooks;
  return document;
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
