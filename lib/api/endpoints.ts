/**
 * The provider API: each endpoint of the contract (plus Unsubscribe), defined once. Route files and
 * the node:http fast path both serve exactly these, keyed by the contract's paths.
 */
import { channelBodySchema } from "../contract/channel";
import { lookupRequestSchema } from "../contract/lookups";
import { subscribeRequestSchema, unsubscribeRequestSchema } from "../contract/subscription";
import { requestChannelCreate, requestChannelUpdate, viewChannel } from "../domain/channels";
import { LOOKUPS_JSON } from "../domain/lookups";
import { subscribe, unsubscribe } from "../domain/subscriptions";
import { syncDeliveries, syncDeliveryRequest } from "../domain/delivery-sync";
import { deliveryRequestSyncSchema, deliverySyncSchema } from "../contract/sync";
import { isoSeconds } from "../contract/envelope";
import { type ApiHandler, defineEndpoint } from "./endpoint";

export const createChannel = defineEndpoint({
  method: "POST",
  body: channelBodySchema,
  run: ({ principal, body }) => requestChannelCreate(principal.providerId, body),
});

export const updateChannel = defineEndpoint({
  method: "POST",
  body: channelBodySchema,
  run: ({ principal, body }) => requestChannelUpdate(principal.providerId, body),
});

export const getChannel = defineEndpoint({
  method: "GET",
  run: ({ principal, params }) => viewChannel(principal.providerId, params.providerDeliveryChannelId ?? ""),
});

export const getLookUpValues = defineEndpoint({
  method: "POST",
  body: lookupRequestSchema,
  run: async ({ body }) => ({ rawData: LOOKUPS_JSON[body.data] }),
});

export const subscribeEvent = defineEndpoint({
  method: "POST",
  body: subscribeRequestSchema,
  run: ({ principal, body }) => subscribe(principal.providerId, body),
});

export const unsubscribeEvent = defineEndpoint({
  method: "POST",
  body: unsubscribeRequestSchema,
  run: ({ principal, body }) => unsubscribe(principal.providerId, body.eventType),
});

/** The real platform's DeliveryRequest/Sync: the provider's id and status of a delivery request. */
export const syncDeliveryRequestEndpoint = defineEndpoint({
  method: "POST",
  body: deliveryRequestSyncSchema,
  run: async ({ principal, body }) => {
    await syncDeliveryRequest(principal.providerId, body);
    return { message: "Delivery request synchronised", date: isoSeconds(new Date()), count: 1 };
  },
});

/** The real platform's Delivery/Sync: each delivery's outcome; reverted deliveries return to the budget. */
export const syncDeliveriesEndpoint = defineEndpoint({
  method: "POST",
  body: deliverySyncSchema,
  run: async ({ principal, body }) => {
    await syncDeliveries(principal.providerId, body.deliveryList);
    return {
      message: "Deliveries synchronised",
      date: isoSeconds(new Date()),
      count: body.deliveryList.length,
    };
  },
});

/** Exact paths of the API, for the fast path's dispatcher. */
export const STATIC_ROUTES: Record<string, ApiHandler> = {
  "/api/DeliveryChannel/Create": createChannel,
  "/api/DeliveryChannel/Update": updateChannel,
  "/api/ClientSetting/GetLookUpValues": getLookUpValues,
  "/api/Event/Subscribe": subscribeEvent,
  "/api/Event/Unsubscribe": unsubscribeEvent,
  "/api/DeliveryRequest/Sync": syncDeliveryRequestEndpoint,
  "/api/Delivery/Sync": syncDeliveriesEndpoint,
};
export const VIEW_ROUTE_PREFIX = "/api/DeliveryChannel/Get/";
