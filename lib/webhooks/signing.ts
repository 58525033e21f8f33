/**
 * The headers of a callback. Per the subscription's auth exactly as the real platform sends them
 * (docs/spec/accessrc-facts.md), so its receivers verify us unchanged, plus the Standard Webhooks headers:
 * webhook-id (the event's id, the same on every attempt: the receiver's idempotency key),
 * webhook-timestamp and, for hmac subscriptions, webhook-signature over id.timestamp.body.
 */
import { createHmac } from "node:crypto";
import { Webhook } from "standardwebhooks";
import type { WebhookAuth } from "../contract/subscription";
import type { CallbackHeaders } from "../contract/webhook-payloads";

export const USER_AGENT = "DeliveryChannelPortal-Webhooks/1.0";

/** `sha256=` + lower-case hex HMAC-SHA256 of the exact body bytes, keyed with the secret's UTF-8 bytes. */
export function xSignature(secret: string, body: string): string {
  return `sha256=${createHmac("sha256", secret).update(body, "utf8").digest("hex")}`;
}

/**
 * Standard Webhooks signs with raw key bytes: ours are the UTF-8 bytes of the subscription's secret,
 * so a receiver verifies with `new Webhook(new TextEncoder().encode(secret), { format: "raw" })`.
 */
function standardSignature(secret: string, eventId: string, timestamp: Date, body: string): string {
  return new Webhook(new TextEncoder().encode(secret), { format: "raw" }).sign(eventId, timestamp, body);
}

/** The subscription's own auth header, as the real platform sends it. */
function authHeader(auth: WebhookAuth | null): Record<string, string> {
  if (auth?.type === "header") return { [auth.headerName.toLowerCase()]: auth.headerValue };
  if (auth?.type === "basic") {
    return { authorization: `Basic ${Buffer.from(`${auth.username}:${auth.password}`).toString("base64")}` };
  }
  return {};
}

/**
 * `previousSecret`: a rotated-out secret still in its grace period. webhook-signature then carries
 * both signatures, space-separated as Standard Webhooks allows, so a receiver holding either
 * verifies; x-signature, the real platform's header with room for one, carries the new secret's only.
 */
function signatures(
  eventId: string,
  body: string,
  auth: WebhookAuth | null,
  timestamp: Date,
  previousSecret?: string,
) {
  if (auth?.type !== "hmac") return {};
  // Standard Webhooks cannot sign with an empty key; x-signature still covers such a subscription.
  const keys = [auth.secret, previousSecret].filter((secret): secret is string => !!secret);
  return {
    "x-signature": xSignature(auth.secret, body),
    ...(keys.length && {
      "webhook-signature": keys.map((key) => standardSignature(key, eventId, timestamp, body)).join(" "),
    }),
  };
}

/** The headers of one attempt (lib/contract/webhook-payloads.ts). */
export function callbackHeaders(
  eventId: string,
  body: string,
  auth: WebhookAuth | null,
  timestamp: Date,
  previousSecret?: string,
): CallbackHeaders {
  return {
    // The custom header first: ours below win if a provider named one of them.
    ...authHeader(auth),
    ...signatures(eventId, body, auth, timestamp, previousSecret),
    "content-type": "application/json",
    "user-agent": USER_AGENT,
    "webhook-id": eventId,
    "webhook-timestamp": String(Math.floor(timestamp.getTime() / 1000)),
  };
}
