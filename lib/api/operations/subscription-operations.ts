/** Subscribe and Unsubscribe: callbacks for the event types (payloads in lib/contract/webhook-payloads.ts). */
import {
  subscribeRequestSchema,
  subscriptionReceiptSchema,
  unsubscribeRequestSchema,
} from "../../contract/subscription";
import { notFound } from "../../domain/errors";
import { subscribe, unsubscribe } from "../../domain/webhooks";
import { failureResponse } from "../openapi/document-responses";
import { subscriptionExample } from "../openapi/examples";
import { defineOperation } from "../operation";

const TAG = "Events";

export const subscribeEvent = defineOperation({
  operationId: "subscribeEvent",
  method: "POST",
  path: "/api/Event/Subscribe",
  tag: TAG,
  summary: "Subscribe to an event type",
  description: `Subscribes a callback URL to one event type. A provider has at most one subscription per event type: subscribing again replaces its callback URL and auth. \`NULL\` is the enumeration's placeholder and cannot be subscribed to (400).

Callbacks are HTTP POSTs of a JSON body; the receiver must answer 2xx. With \`auth\`, they carry the configured header, HTTP Basic credentials, or \`x-signature: sha256=<hex HMAC-SHA256 of the raw body>\`. Secrets in \`auth\` are encrypted at rest and never returned.`,
  body: subscribeRequestSchema,
  response: subscriptionReceiptSchema,
  idempotencyKey: true,
  permission: "provider.webhooks.manage",
  run: ({ actor, body }) => subscribe(actor, body),
  docs: () => ({
    request: {
      description: "The event type, callback URL and callback authentication.",
      example: {
        eventType: "DELIVERY_CHANNEL_STATUS_UPDATED",
        callbackUrl: "https://provider.example.org/hooks/delivery-channel",
        auth: { type: "hmac", secret: "a-long-random-shared-secret" },
      },
    },
    responseId: "SubscribeResponse",
    ok: {
      description: "The subscription, new or replaced.",
      examples: {
        subscribed: { summary: "Subscribed", value: subscriptionExample("Webhook successfully subscribed") },
      },
    },
    invalidBody: { eventType: "NULL", callbackUrl: "ftp://example.org", auth: null },
  }),
});

export const unsubscribeEvent = defineOperation({
  operationId: "unsubscribeEvent",
  method: "POST",
  path: "/api/Event/Unsubscribe",
  tag: TAG,
  summary: "Unsubscribe from an event type",
  description:
    "Removes the provider's subscription to an event type. The receipt describes the removed subscription. Without a subscription to that event type the answer is **404**.",
  body: unsubscribeRequestSchema,
  response: subscriptionReceiptSchema,
  idempotencyKey: true,
  permission: "provider.webhooks.manage",
  run: ({ actor, body }) => unsubscribe(actor, body.eventType),
  docs: () => ({
    request: { description: "The event type.", example: { eventType: "DELIVERY_CHANNEL_STATUS_UPDATED" } },
    responseId: "UnsubscribeResponse",
    ok: {
      description: "The removed subscription.",
      examples: {
        unsubscribed: {
          summary: "Unsubscribed",
          value: subscriptionExample("Webhook successfully unsubscribed"),
        },
      },
    },
    invalidBody: { eventType: "NULL" },
    responses: {
      404: failureResponse("The provider has no subscription to this event type.", {
        notSubscribed: {
          summary: "No subscription",
          error: notFound("There is no subscription to DELIVERY_CHANNEL_STATUS_UPDATED."),
        },
      }),
    },
  }),
});
