/**
 * Subscribe and Unsubscribe. The contract leaves `auth` open; its shape is the real platform's
 * (docs/spec/accessrc-facts.md): a type and the fields that type needs, nothing else.
 */

import { z } from "zod";
import { EVENT_TYPES } from "./enums";
import { say } from "./validation-messages";

const text = (max: number) =>
  z
    .string()
    .min(1, say("mustNotBeEmpty"))
    .max(max, say("mustBeAtMostCharacters", { max: max }));

/** NULL is the enumeration's placeholder: nobody can subscribe to it. */
export const SUBSCRIBABLE_EVENT_TYPES = EVENT_TYPES.filter((type) => type !== "NULL") as Exclude<
  (typeof EVENT_TYPES)[number],
  "NULL"
>[];

/**
 * Event types of this platform's own, beyond the contract's (docs/webhooks.md "Our own events"): the
 * contract's Subscribe keeps its enumeration to the letter, so these are subscribed in the portal.
 * BENEFICIARY_ERASED (issue 36): erase what you hold about these deliveries' beneficiary.
 * DELIVERY_OUTCOMES_OVERDUE (issue 32): these deliveries are past their program's reconciliation
 * window without an outcome: report them through Delivery/Sync.
 */
export const OWN_EVENT_TYPES = ["BENEFICIARY_ERASED", "DELIVERY_OUTCOMES_OVERDUE"] as const;

/** What the portal's webhooks page offers: the contract's event types, then ours. */
export const PORTAL_EVENT_TYPES = [...SUBSCRIBABLE_EVENT_TYPES, ...OWN_EVENT_TYPES];
export type PortalEventType = (typeof PORTAL_EVENT_TYPES)[number];

const eventTypeAmong = (types: readonly string[]) =>
  z.enum(types as [string, ...string[]] as readonly [string, ...string[]], {
    error: say("mustBeOneOf", { values: types.join(", ") }),
  });
const subscribableEventType = eventTypeAmong(SUBSCRIBABLE_EVENT_TYPES);
const portalEventType = eventTypeAmong(PORTAL_EVENT_TYPES);

/** HTTP header names are tokens (RFC 9110); anything else could split or forge headers. */
const headerName = text(64).regex(/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/, say("mustBeValidHttpHeaderName"));
const headerValue = text(512).regex(/^[^\r\n\0]*$/, say("mustNotContainLineBreaks"));

const webhookAuthSchema = z
  .discriminatedUnion(
    "type",
    [
      z.strictObject({ type: z.literal("hmac"), secret: text(512) }),
      z.strictObject({ type: z.literal("header"), headerName, headerValue }),
      z.strictObject({ type: z.literal("basic"), username: text(128), password: text(512) }),
    ],
    { error: say("typeMustBeOneOfHmac") },
  )
  .meta({
    id: "WebhookAuth",
    description: "Callback authentication: hmac, header or basic. Secrets are encrypted at rest.",
  });

export type WebhookAuth = z.infer<typeof webhookAuthSchema>;

/** Absolute http(s) URL of at most 256 characters. */
const callbackUrlSchema = z
  .string()
  .max(256, say("mustBeAtMostCharacters", { max: 256 }))
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  .refine((value) => !/[\u0000-\u0020\u007F]/.test(value), say("mustNotContainSpacesOrControl"))
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !url.username;
    } catch {
      return false;
    }
  }, say("mustBeAbsoluteUrlWithoutCredentials"));

/** Subscribe's body, its event type among `eventType`'s: the contract's, or the portal's wider list. */
const subscribeBody = (eventType: ReturnType<typeof eventTypeAmong>) =>
  z.strictObject({
    eventType: eventType.meta({
      description: "The event type to be notified of; NULL is not subscribable.",
    }),
    callbackUrl: callbackUrlSchema.meta({
      format: "uri",
      pattern: "^https?://",
      description:
        "Absolute http(s) URL, without credentials, spaces or control characters, that receives the notifications (POST, JSON). An address on a private, loopback or link-local network is refused (400) unless the server's operator allows them.",
    }),
    auth: webhookAuthSchema.nullish().meta({
      description:
        "How callbacks authenticate: hmac signs the body (header x-signature: sha256=<hex HMAC-SHA256 of " +
        "the raw body>), header sends a fixed header, basic sends HTTP Basic credentials. Secrets are " +
        "encrypted at rest and never returned. Absent or null: callbacks carry no authentication.",
    }),
  });

const unsubscribeBody = (eventType: ReturnType<typeof eventTypeAmong>) =>
  z.strictObject({
    eventType: eventType.meta({ description: "The event type to stop being notified of." }),
  });

export const subscribeRequestSchema = subscribeBody(subscribableEventType).meta({ id: "SubscribeRequest" });
export const unsubscribeRequestSchema = unsubscribeBody(subscribableEventType).meta({
  id: "UnsubscribeRequest",
});
/** The portal's forms: the same bodies, our own event types as well. */
export const portalSubscribeSchema = subscribeBody(portalEventType);
export const portalUnsubscribeSchema = unsubscribeBody(portalEventType);

export type SubscribeRequest = z.infer<typeof subscribeRequestSchema>;

export const subscriptionReceiptSchema = z
  .strictObject({
    message: z.string().meta({ example: "Webhook successfully subscribed" }),
    subscriptionId: z.uuid(),
    callbackUrl: z.string(),
    eventType: z.string(),
    date: z.iso.datetime(),
  })
  .meta({ id: "SubscriptionReceipt" });

export type SubscriptionReceipt = z.infer<typeof subscriptionReceiptSchema>;
