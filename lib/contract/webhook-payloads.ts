/**
 * What a subscribed provider receives: the three event payloads (flat JSON, no envelope, as the real
 * platform sends them: docs/spec/accessrc-facts.md) and the headers of every callback (docs/webhooks.md "Webhooks").
 * The code that builds payloads and headers is typed by these, the tests parse real ones with them,
 * and the OpenAPI document publishes them in its `webhooks` section.
 */
import { z } from "zod";
import { REQUEST_TYPES } from "./envelope-schema";
import type { PortalEventType } from "./subscription";

const isoSeconds = z.iso
  .datetime()
  .meta({ description: "ISO 8601 UTC to the second.", example: "2025-04-07T07:51:38Z" });

export const channelStatusUpdatedSchema = z
  .strictObject({
    providerDeliveryChannelId: z.string().meta({ description: "The channel's id, as the provider gave it." }),
    status: z.enum(["Approved", "Rejected"]).meta({ description: "The administrator's decision." }),
    message: z.string().meta({ description: "Empty when approved; the rejection reason when rejected." }),
    requestType: z.enum(Object.values(REQUEST_TYPES) as [string, ...string[]]).meta({
      description: "The kind of request decided, as in the receipt of Create or Update.",
    }),
    requestedDate: isoSeconds.meta({ description: "When the request was received (UTC)." }),
  })
  .meta({
    id: "DeliveryChannelStatusUpdated",
    description: "An administrator approved or rejected one of the provider's channel requests.",
  });

const deliveryOptionValueSchema = z
  .strictObject({
    key: z.string().meta({ description: "The channel's deliveryOptions[].fieldName." }),
    value: z
      .string()
      .meta({ description: "The beneficiary's value; the option's default when none was given." }),
  })
  .meta({ id: "DeliveryOptionValue" });

const deliveryFields = {
  deliveryId: z
    .uuid()
    .meta({ description: "The platform's id of the delivery; Delivery/Sync reports on it." }),
  beneficiaryId: z.string(),
  amount: z
    .number()
    .nonnegative()
    .meta({ description: "In the currency or of the commodity named beside it, at most two decimals." }),
  deliveryOptions: z
    .array(deliveryOptionValueSchema)
    .meta({ description: "Every delivery option of the channel, in the channel's order." }),
};

/** One beneficiary transaction; its unit is a currency or a commodity, named by the key it comes under. */
export const sentDeliverySchema = z
  .union([
    z.strictObject({ ...deliveryFields, currency: z.string().meta({ description: "ISO 4217 code." }) }),
    z.strictObject({ ...deliveryFields, commodity: z.string().meta({ description: "Commodity code." }) }),
  ])
  .meta({ id: "SentDelivery", description: "One delivery: an amount in a currency or of a commodity." });

export const deliveryRequestSentSchema = z
  .strictObject({
    deliveryRequestId: z
      .uuid()
      .meta({ description: "The platform's id; DeliveryRequest/Sync reports on it." }),
    providerDeliveryChannelId: z.string(),
    description: z.string().meta({ example: "Ukraine Winterization Cash Delivery" }),
    delivery: z.array(sentDeliverySchema).meta({ description: "One item per beneficiary transaction." }),
  })
  .meta({
    id: "DeliveryRequestSent",
    description: "A program manager sent a delivery request through one of the provider's channels.",
  });

export const deliveryRefundRequestedSchema = z
  .strictObject({ deliveryId: z.uuid().meta({ description: "The delivery to reverse." }) })
  .meta({
    id: "DeliveryRefundRequested",
    description:
      "A refund of one delivery was requested; report DELIVERY_REVERTED through Delivery/Sync once reversed.",
  });

/** Our own event (lib/contract/subscription.ts OWN_EVENT_TYPES), not the contract's: subscribed in the portal. */
export const beneficiaryErasedSchema = z
  .strictObject({
    deliveryIds: z.array(z.uuid()).meta({
      description:
        "The deliveries sent to you for the erased beneficiary: erase what you hold about them (the beneficiary id, the delivery options' values). Amounts and outcomes you must keep for your accounts may stay.",
    }),
    erasedAt: isoSeconds.meta({ description: "When the erasure was approved (UTC)." }),
  })
  .meta({
    id: "BeneficiaryErased",
    description:
      "An administrator erased a beneficiary's data at their request: erase what you hold about the listed deliveries' beneficiary. An event of this platform, not of the contract: the API's Subscribe does not offer it.",
  });

export type ChannelStatusUpdated = z.infer<typeof channelStatusUpdatedSchema>;
/** Our own event (issue 32, item 4): a request's deliveries past the program's reconciliation window. */
export const deliveryOutcomesOverdueSchema = z
  .strictObject({
    deliveryRequestId: z.uuid().meta({ description: "The request, as DELIVERY_REQUEST_SENT named it." }),
    deliveryIds: z.array(z.uuid()).meta({
      description: "Its deliveries without an outcome: report each through Delivery/Sync.",
    }),
    sentAt: isoSeconds.meta({ description: "When the request was sent (UTC)." }),
    dueAt: isoSeconds.meta({ description: "When the program's reconciliation window closed (UTC)." }),
  })
  .meta({
    id: "DeliveryOutcomesOverdue",
    description:
      "A delivery request's deliveries are past the program's reconciliation window without an outcome: report them through Delivery/Sync. Sent once per request. An event of this platform, not of the contract: the API's Subscribe does not offer it.",
  });

export type DeliveryRequestSent = z.infer<typeof deliveryRequestSentSchema>;
export type DeliveryRefundRequested = z.infer<typeof deliveryRefundRequestedSchema>;
export type BeneficiaryErased = z.infer<typeof beneficiaryErasedSchema>;
export type DeliveryOutcomesOverdue = z.infer<typeof deliveryOutcomesOverdueSchema>;

/** Each subscribable event type's payload schema: the contract's, then ours (portal only). */
export const WEBHOOK_PAYLOAD_SCHEMAS = {
  DELIVERY_CHANNEL_STATUS_UPDATED: channelStatusUpdatedSchema,
  DELIVERY_REQUEST_SENT: deliveryRequestSentSchema,
  DELIVERY_REFUND_REQUESTED: deliveryRefundRequestedSchema,
  BENEFICIARY_ERASED: beneficiaryErasedSchema,
  DELIVERY_OUTCOMES_OVERDUE: deliveryOutcomesOverdueSchema,
} as const satisfies Record<PortalEventType, z.ZodType>;

export type WebhookPayloads = {
  [K in keyof typeof WEBHOOK_PAYLOAD_SCHEMAS]: z.infer<(typeof WEBHOOK_PAYLOAD_SCHEMAS)[K]>;
};

/**
 * The headers our callbacks always or per auth carry, besides Content-Type (application/json) and
 * the subscription's own `header` or `basic` auth header. Standard Webhooks (webhook-*) and the
 * real platform's x-signature.
 */
export const webhookHeadersSchema = z.object({
  "user-agent": z.string().meta({ example: "DeliveryChannelPortal-Webhooks/1.0" }),
  "webhook-id": z.string().min(1).meta({
    description: "The event's id, the same on every attempt and replay: the receiver's idempotency key.",
  }),
  "webhook-timestamp": z
    .string()
    .regex(/^\d+$/)
    .meta({ description: "Unix seconds of this attempt.", example: "1744012298" }),
  "x-signature": z
    .string()
    .regex(/^sha256=[0-9a-f]{64}$/)
    .optional()
    .meta({
      description:
        "hmac subscriptions: `sha256=` + lower-case hex HMAC-SHA256 of the raw body, keyed with the secret " +
        "(during a secret rotation's grace period: the new secret only).",
    }),
  "webhook-signature": z
    .string()
    .regex(/^v1,[A-Za-z0-9+/]+={0,2}( v1,[A-Za-z0-9+/]+={0,2})?$/)
    .optional()
    .meta({
      description:
        "hmac subscriptions: `v1,<base64>`, the Standard Webhooks signature of `id.timestamp.body`, keyed with " +
        "the secret's UTF-8 bytes. During a secret rotation's grace period two, space-separated: " +
        "`v1,<with the new secret> v1,<with the previous one>`; a receiver holding either verifies.",
    }),
});

/** Every header of a callback as sent: the documented ones, Content-Type, and the subscription's auth. */
export const callbackHeadersSchema = webhookHeadersSchema
  .extend({ "content-type": z.literal("application/json") })
  .catchall(z.string());

export type CallbackHeaders = z.infer<typeof callbackHeadersSchema>;
