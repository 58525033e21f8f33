"use server";
/** Webhook subscriptions of the signed-in user's organisation, through the API's domain functions. */
import { subscribeRequestSchema, unsubscribeRequestSchema } from "@/lib/contract/subscription";
import { subscribe, unsubscribe } from "@/lib/domain/subscriptions";
import { defineAction } from "@/lib/portal/define-action";

export const subscribeAction = defineAction({
  role: "provider",
  input: subscribeRequestSchema,
  run: (request, user) => subscribe(user.providerId, request),
  revalidate: "/webhooks",
});

export const unsubscribeAction = defineAction({
  role: "provider",
  input: unsubscribeRequestSchema,
  run: ({ eventType }, user) => unsubscribe(user.providerId, eventType),
  revalidate: "/webhooks",
});
