/**
 * The event catalog: each event type's payload schema as JSON Schema (derived from
 * lib/contract/webhook-payloads.ts) and its one example, which the OpenAPI reference, the catalog page
 * (/webhooks/events) and the "send example" and test events all use. Typed by the contract, so an
 * example cannot drift from the schema.
 */

import { z } from "zod";
import type { PortalEventType } from "./subscription";
import { say } from "./validation-messages";
import {
  type BeneficiaryErased,
  type ChannelStatusUpdated,
  type DeliveryOutcomesOverdue,
  type DeliveryRefundRequested,
  type DeliveryRequestSent,
  WEBHOOK_PAYLOAD_SCHEMAS,
  type WebhookPayloads,
} from "./webhook-payloads";

export const EXAMPLE_ID = "3f2c9a5e-8d4b-4c1a-9e57-2b6f0d1c7a43";
export const EXAMPLE_DATE = "2025-04-07T07:51:38Z";
/** Ids of the delivery examples (Sync bodies and the DELIVERY_REQUEST_SENT payload). */
export const EXAMPLE_DELIVERY_REQUEST_ID = "0193a4b6-3f0e-7c55-9d1e-5b8f2a7c4e10";
export const EXAMPLE_DELIVERY_ID = "0193a4b6-3f0e-7c55-9d1e-5b8f2a7c4e11";

export const EXAMPLE_STATUS_UPDATED: ChannelStatusUpdated = {
  providerDeliveryChannelId: EXAMPLE_ID,
  status: "Rejected",
  message: say("landingPageDoesNotDescribeService"),
  requestType: "Delivery Channel Update",
  requestedDate: EXAMPLE_DATE,
};

export const EXAMPLE_REQUEST_SENT: DeliveryRequestSent = {
  deliveryRequestId: EXAMPLE_DELIVERY_REQUEST_ID,
  providerDeliveryChannelId: EXAMPLE_ID,
  description: "Ukraine Winterization Cash Delivery",
  delivery: [
    {
      deliveryId: EXAMPLE_DELIVERY_ID,
      beneficiaryId: "BEN-000123",
      amount: 150,
      currency: "EUR",
      deliveryOptions: [{ key: "phoneNumber", value: "+380501234567" }],
    },
  ],
};

export const EXAMPLE_REFUND_REQUESTED: DeliveryRefundRequested = { deliveryId: EXAMPLE_DELIVERY_ID };

export const EXAMPLE_BENEFICIARY_ERASED: BeneficiaryErased = {
  deliveryIds: [EXAMPLE_DELIVERY_ID],
  erasedAt: EXAMPLE_DATE,
};

export const EXAMPLE_OUTCOMES_OVERDUE: DeliveryOutcomesOverdue = {
  deliveryRequestId: EXAMPLE_DELIVERY_REQUEST_ID,
  deliveryIds: [EXAMPLE_DELIVERY_ID],
  sentAt: EXAMPLE_DATE,
  dueAt: "2025-05-07T07:51:38Z",
};

export const WEBHOOK_EXAMPLES: WebhookPayloads = {
  DELIVERY_CHANNEL_STATUS_UPDATED: EXAMPLE_STATUS_UPDATED,
  DELIVERY_REQUEST_SENT: EXAMPLE_REQUEST_SENT,
  DELIVERY_REFUND_REQUESTED: EXAMPLE_REFUND_REQUESTED,
  BENEFICIARY_ERASED: EXAMPLE_BENEFICIARY_ERASED,
  DELIVERY_OUTCOMES_OVERDUE: EXAMPLE_OUTCOMES_OVERDUE,
};

/**
 * Example events are marked by their id (the callback's `webhook-id`): the payloads must keep the
 * contract's shape (uuids where it wants uuids), so the id is the one place left to say it.
 */
export const EXAMPLE_EVENT_ID_PREFIX = "example-";

export interface CatalogEntry {
  eventType: PortalEventType;
  description: string;
  jsonSchema: unknown;
  example: unknown;
}

/** Every subscribable event type, the contract's in its order then ours, with its schema and example. */
export function webhookCatalog(): CatalogEntry[] {
  return (Object.keys(WEBHOOK_PAYLOAD_SCHEMAS) as Array<keyof WebhookPayloads>).map((eventType) => {
    const schema = WEBHOOK_PAYLOAD_SCHEMAS[eventType];
    return {
      eventType,
      description: schema.meta()?.description ?? "",
      jsonSchema: z.toJSONSchema(schema),
      example: WEBHOOK_EXAMPLES[eventType],
    };
  });
}
