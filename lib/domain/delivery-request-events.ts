/**
 * DELIVERY_REQUEST_SENT, built in one place for both moments a request goes to its provider: at
 * creation when it needs no approval, and in the transaction of its final approval otherwise (read
 * back from the stored rows, which hold exactly what the creation would have sent).
 */
import { CURRENCIES } from "../contract/enums";
import type { Tx } from "../db";
import { fromMinor } from "./money";
import { queueEvent } from "./outbox";

export interface SentRequest {
  id: string;
  description: string;
  unit: string;
  channel: { providerId: string; providerDeliveryChannelId: string };
}

export interface SentDelivery {
  id: string;
  beneficiaryId: string;
  amountMinor: bigint;
  /** The option pairs as stored (Delivery.options) and sent. */
  options: { key: string; value: string }[];
}

export async function queueRequestSent(tx: Tx, request: SentRequest, deliveries: SentDelivery[]) {
  const unit = (CURRENCIES as readonly string[]).includes(request.unit)
    ? { currency: request.unit }
    : { commodity: request.unit };
  await queueEvent(tx, request.channel.providerId, "DELIVERY_REQUEST_SENT", {
    deliveryRequestId: request.id,
    providerDeliveryChannelId: request.channel.providerDeliveryChannelId,
    description: request.description,
    delivery: deliveries.map((delivery) => ({
      deliveryId: delivery.id,
      beneficiaryId: delivery.beneficiaryId,
      amount: fromMinor(delivery.amountMinor),
      ...unit,
      deliveryOptions: delivery.options,
    })),
  });
}

/** Queues the event of a stored request (its final approval). */
export async function queueStoredRequestSent(tx: Tx, request: SentRequest) {
  const rows = await tx.delivery.findMany({
    where: { deliveryRequestId: request.id },
    orderBy: [{ beneficiaryId: "asc" }, { id: "asc" }],
    select: { id: true, beneficiaryId: true, amountMinor: true, options: true },
  });
  const deliveries = rows.map((row) => ({
    ...row,
    options: JSON.parse(row.options) as SentDelivery["options"],
  }));
  await queueRequestSent(tx, request, deliveries);
}
