/**
 * The providers' sync operations of the real platform (docs/spec/accessrc-facts.md):
 * DeliveryRequest/Sync maps a delivery request to the provider's own id and reports its status;
 * Delivery/Sync reports each delivery's outcome. Strict like every body of the API.
 */

import { z } from "zod";
import { amountSchema } from "./amount";
import { uniqueBy } from "./list-rules";
import { say } from "./validation-messages";

export const DELIVERY_REQUEST_STATUSES = [
  "DRAFT",
  "SENT_TO_SERVICE_PROVIDER",
  "PENDING_APPROVAL",
  "APPROVED",
  "REJECTED",
  "DELIVERED",
  "FAILED",
  "DISPATCH_IN_PROGRESS",
  "FAILED_RESPONSE_UNKNOWN",
] as const;

export const DELIVERY_STATUSES = [
  "DELIVERY_READY_TO_COLLECT",
  "DELIVERY_COLLECTED",
  "DELIVERY_PENDING",
  "DELIVERY_REVERTED",
  "DELIVERED",
] as const;

const id = z
  .string()
  .min(1, say("mustNotBeEmpty"))
  .max(64, say("mustBeAtMostCharacters", { max: 64 }));
const providerText = (max: number) =>
  z
    .string()
    .max(max, say("mustBeAtMostCharacters", { max: max }))
    .nullish();

export const deliveryRequestSyncSchema = z
  .strictObject({
    deliveryRequestId: id.meta({ description: "The platform's id, from DELIVERY_REQUEST_SENT." }),
    providerDeliveryRequestId: providerText(128).meta({
      description: "The provider's own id of the request.",
    }),
    status: z.enum(DELIVERY_REQUEST_STATUSES),
  })
  .meta({ id: "DeliveryRequestSync" });

const deliverySyncItemSchema = z
  .strictObject({
    deliveryId: id.meta({ description: "The platform's id, from DELIVERY_REQUEST_SENT." }),
    providerDeliveryId: providerText(128),
    deliveryAmount: amountSchema.nullish(),
    deliveryUnit: providerText(64),
    deliveryVoucherSerialNo: providerText(128),
    deliveryReferenceNo: providerText(128),
    status: z.enum(DELIVERY_STATUSES),
    providerStatus: providerText(128),
  })
  .meta({ id: "DeliverySyncItem" });

export const deliverySyncSchema = z
  .strictObject({
    deliveryList: z
      .array(deliverySyncItemSchema)
      .min(1, say("mustHoldAtLeastOneDelivery"))
      .max(1000, say("atMostDeliveries", { max: 1000 }))
      // A delivery has one outcome per report: a list naming one id a thousand times is a mistake.
      .superRefine(uniqueBy((item) => item.deliveryId, "deliveryId", say("isListedMoreThanOnce"))),
  })
  .meta({ id: "DeliverySync" });

export const syncReceiptSchema = z
  .strictObject({ message: z.string(), date: z.string(), count: z.number().int() })
  .meta({ id: "SyncReceipt" });
export type SyncReceipt = z.infer<typeof syncReceiptSchema>;
