/** The real platform's sync operations: providers report delivery requests' and deliveries' outcomes. */
import { isoSeconds } from "../../contract/envelope-schema";
import {
  deliveryRequestSyncSchema,
  deliverySyncSchema,
  syncReceiptSchema,
} from "../../contract/sync-reports";
import { syncDeliveries, syncDeliveryRequest } from "../../domain/deliveries";
import { notFound } from "../../domain/errors";
import type { ApiPrincipal } from "../../domain/keys";
import type { Actor } from "../../domain/permissions";
import { failureResponse } from "../openapi/document-responses";
import { EXAMPLE_DATE, EXAMPLE_DELIVERY_ID, EXAMPLE_DELIVERY_REQUEST_ID } from "../openapi/examples";
import { defineOperation } from "../operation";

const TAG = "Delivery requests";

/** The key as the domain's permission checks see it (until defineEndpoint hands every operation one). */
export const keyActor = (principal: ApiPrincipal): Actor => ({
  kind: "apiKey",
  id: principal.apiKeyId,
  personId: null,
  holds: [principal.scope === "read" ? "key:read" : "key:full"],
  providerId: principal.providerId,
});

export const syncDeliveryRequestOperation = defineOperation({
  operationId: "syncDeliveryRequest",
  method: "POST",
  path: "/api/DeliveryRequest/Sync",
  tag: TAG,
  summary: "Report a delivery request's status",
  description:
    "Maps a delivery request (from DELIVERY_REQUEST_SENT) to the provider's own id and reports its status. " +
    "Another provider's request is not found (404).",
  body: deliveryRequestSyncSchema,
  response: syncReceiptSchema,
  idempotencyKey: true,
  permission: "provider.deliveries.report",
  run: async ({ principal, body }) => {
    await syncDeliveryRequest(keyActor(principal), body);
    return { message: "Delivery request synchronised", date: isoSeconds(new Date()), count: 1 };
  },
  docs: () => ({
    request: {
      description: "The platform's id, the provider's id and the status.",
      example: {
        deliveryRequestId: EXAMPLE_DELIVERY_REQUEST_ID,
        providerDeliveryRequestId: "ACME-REQ-2025-000123",
        status: "APPROVED",
      },
    },
    responseId: "DeliveryRequestSyncResponse",
    ok: {
      description: "Recorded.",
      examples: {
        synced: {
          summary: "Recorded",
          value: { message: "Delivery request synchronised", date: EXAMPLE_DATE, count: 1 },
        },
      },
    },
    invalidBody: { deliveryRequestId: "", status: "SHIPPED" },
    responses: {
      404: failureResponse("No such delivery request of this provider.", {
        unknown: {
          summary: "Unknown request",
          error: notFound(`No delivery request ${EXAMPLE_DELIVERY_REQUEST_ID}.`),
        },
      }),
    },
  }),
});

export const syncDeliveriesOperation = defineOperation({
  operationId: "syncDeliveries",
  method: "POST",
  path: "/api/Delivery/Sync",
  tag: TAG,
  summary: "Report deliveries' outcomes",
  description:
    "Reports the outcome of each delivery. DELIVERED or DELIVERY_COLLECTED count deliveryAmount as " +
    "delivered (in the delivery's unit; without it, the whole amount) and give the rest back to the " +
    "budget; DELIVERY_REVERTED gives back what the delivery still holds; each once however often it is " +
    "reported. All or nothing: an amount above the one sent (or 0 for a delivered one), or a " +
    "deliveryUnit other than the delivery's, refuses the whole report (400, naming the field), and an " +
    "unknown delivery id does too (404).",
  body: deliverySyncSchema,
  response: syncReceiptSchema,
  idempotencyKey: true,
  permission: "provider.deliveries.report",
  run: async ({ principal, body }) => {
    await syncDeliveries(keyActor(principal), body.deliveryList);
    return {
      message: "Deliveries synchronised",
      date: isoSeconds(new Date()),
      count: body.deliveryList.length,
    };
  },
  docs: () => ({
    request: {
      description: "One entry per delivery.",
      example: {
        deliveryList: [
          {
            deliveryId: EXAMPLE_DELIVERY_ID,
            providerDeliveryId: "ACME-TX-889911",
            deliveryAmount: 150,
            deliveryUnit: "EUR",
            deliveryReferenceNo: "REF-42",
            status: "DELIVERY_COLLECTED",
            providerStatus: "PAID_OUT",
          },
        ],
      },
    },
    responseId: "DeliverySyncResponse",
    ok: {
      description: "Recorded.",
      examples: {
        synced: {
          summary: "Recorded",
          value: { message: "Deliveries synchronised", date: EXAMPLE_DATE, count: 1 },
        },
      },
    },
    invalidBody: { deliveryList: [] },
    responses: {
      404: failureResponse("A delivery of the list is not this provider's.", {
        unknown: { summary: "Unknown delivery", error: notFound(`No delivery ${EXAMPLE_DELIVERY_ID}.`) },
      }),
    },
  }),
});
