"use server";
/** Webhook subscriptions of the signed-in user's organisation, through the API's domain functions. */
import { recoverSinceDate, reenableSchema, rotateSecretSchema } from "@/lib/contract/forms/webhook-forms";
import { portalSubscribeSchema, portalUnsubscribeSchema } from "@/lib/contract/subscription";
import { reenableSubscription, rotateHmacSecret, subscribe, unsubscribe } from "@/lib/domain/webhooks";
import { defineAction } from "@/lib/portal/define-action";

export const subscribeAction = defineAction({
  role: "provider",
  permission: "provider.webhooks.manage",
  input: portalSubscribeSchema,
  run: (request, user) => subscribe(user.actor, request),
  revalidate: "/webhooks",
});

export const unsubscribeAction = defineAction({
  role: "provider",
  permission: "provider.webhooks.manage",
  input: portalUnsubscribeSchema,
  run: ({ eventType }, user) => unsubscribe(user.actor, eventType),
  revalidate: "/webhooks",
});

export const rotateSecretAction = defineAction({
  role: "provider",
  permission: "provider.webhooks.manage",
  input: rotateSecretSchema,
  run: (input, user) => rotateHmacSecret(user.actor, input),
  revalidate: "/webhooks",
});

export const reenableAction = defineAction({
  role: "provider",
  permission: "provider.webhooks.manage",
  input: reenableSchema,
  run: ({ eventType, recoverSince }, user) =>
    reenableSubscription(user.actor, eventType, recoverSinceDate(recoverSince)),
  revalidate: "/webhooks",
});
