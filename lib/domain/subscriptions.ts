/**
 * Webhook subscriptions: at most one per provider and event type; subscribing again replaces the
 * callback and auth. Secrets in `auth` are sealed (AES-256-GCM) before they reach the database.
 */

import { isoSeconds } from "../contract/envelope";
import type { SubscribeRequest, SubscriptionReceipt, WebhookAuth } from "../contract/subscription";
import { seal, unseal } from "../crypto";
import { db, isRecordNotFound } from "../db";
import { notFound } from "./errors";

type Subscribed = { id: string; callbackUrl: string; eventType: string };

function receipt(message: string, subscription: Subscribed): SubscriptionReceipt {
  return {
    message,
    subscriptionId: subscription.id,
    callbackUrl: subscription.callbackUrl,
    eventType: subscription.eventType,
    date: isoSeconds(new Date()),
  };
}

export async function subscribe(providerId: string, request: SubscribeRequest): Promise<SubscriptionReceipt> {
  const auth = request.auth ?? null;
  const data = {
    callbackUrl: request.callbackUrl,
    authType: auth?.type ?? null,
    authSealed: auth ? seal(JSON.stringify(auth)) : null,
    // A new subscription starts healthy, even one replacing a subscription that deliveries disabled.
    disabledAt: null,
    disabledReason: null,
    failingSince: null,
  };
  const subscription = await db().subscription.upsert({
    where: { providerId_eventType: { providerId, eventType: request.eventType } },
    create: { providerId, eventType: request.eventType, ...data },
    update: data,
  });
  return receipt("Webhook successfully subscribed", subscription);
}

export async function unsubscribe(providerId: string, eventType: string): Promise<SubscriptionReceipt> {
  // One delete by the unique key: a look-up first would race with a concurrent Subscribe.
  const subscription = await db()
    .subscription.delete({ where: { providerId_eventType: { providerId, eventType } } })
    .catch((error: unknown) => {
      if (isRecordNotFound(error)) throw notFound(`There is no subscription to ${eventType}.`);
      throw error;
    });
  return receipt("Webhook successfully unsubscribed", subscription);
}

/** Sealed auth back as auth: only `subscribe` seals it, from an object the contract accepted. */
const readSealedAuth = (sealed: string) => JSON.parse(unseal(sealed)) as WebhookAuth;

/** The auth object of a subscription, unsealed: for the dispatcher only, never for display. */
export function subscriptionAuth(subscription: { authSealed: string | null }): WebhookAuth | null {
  return subscription.authSealed ? readSealedAuth(subscription.authSealed) : null;
}

export function listSubscriptions(providerId: string) {
  return db().subscription.findMany({
    where: { providerId },
    orderBy: { eventType: "asc" },
    select: {
      id: true,
      eventType: true,
      callbackUrl: true,
      authType: true,
      disabledAt: true,
      disabledReason: true,
      createdAt: true,
      updatedAt: true,
    },
  });
}
