/**
 * DELIVERY_REQUEST_SENT, built in one place for both moments a request goes to its provider: at
 * creation when it needs no approval, and in the transaction of its final approval otherwise (read
 * back from the stored rows, which hold exactly what the creation would have sent).
 *
 * A send holds up to 10,000 deliveries, so the payload is serialized a delivery at a time: the
 * whole payload as one object, then JSON.stringify of it, held two copies of every delivery at once
 * (issue 35). The bytes are those JSON.stringify of the typed payload would give.
 */
import { CURRENCIES } from "../contract/enums";
import type { WebhookPayloads } from "../contract/webhooks";
import type { Tx } from "../db";
import { fromMinor } from "./money";
import { queueSerializedEvent } from "./outbox";

type Payload = WebhookPayloads["DELIVERY_REQUEST_SENT"];

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

/** The event of one request, its deliveries added as they are written. */
export function requestSentEvent(request: SentRequest) {
  const unit = (CURRENCIES as readonly string[]).includes(request.unit)
    ? { currency: request.unit }
    : { commodity: request.unit };
  const head: Omit<Payload, "delivery"> = {
    deliveryRequestId: request.id,
    providerDeliveryChannelId: request.channel.providerDeliveryChannelId,
    description: request.description,
  };
  const items: string[] = [];
  return {
    add(delivery: SentDelivery) {
      const item: Payload["delivery"][number] = {
        deliveryId: delivery.id,
        beneficiaryId: delivery.beneficiaryId,
        amount: fromMinor(delivery.amountMinor),
        ...unit,
        deliveryOptions: delivery.options,
      };
      items.push(JSON.stringify(item));
    },
    queue(tx: Tx) {
      // `delivery` is the payload's last member: the head's JSON, less its closing brace, then the list.
      const json = `${JSON.stringify(head).slice(0, -1)},"delivery":[${items.join(",")}]}`;
      items.length = 0;
      return queueSerializedEvent(tx, request.channel.providerId, "DELIVERY_REQUEST_SENT", json);
    },
  };
}

/** Deliveries read per query when a stored request is sent (its final approval). */
const READ_PAGE = 1000;

/** Queues the event of a stored request (its final approval), reading its deliveries a page at a time. */
export async function queueStoredRequestSent(tx: Tx, request: SentRequest) {
  const event = requestSentEvent(request);
  let after: { beneficiaryId: string; id: string } | undefined;
  for (;;) {
    const rows = await tx.delivery.findMany({
      where: {
        deliveryRequestId: request.id,
        ...(after && {
          OR: [
            { beneficiaryId: { gt: after.beneficiaryId } },
            { beneficiaryId: after.beneficiaryId, id: { gt: after.id } },
          ],
        }),
      },
      orderBy: [{ beneficiaryId: "asc" }, { id: "asc" }],
      take: READ_PAGE,
      select: { id: true, beneficiaryId: true, amountMinor: true, options: true },
    });
    for (const row of rows)
      event.add({ ...row, options: JSON.parse(row.options) as SentDelivery["options"] });
    if (rows.length < READ_PAGE) break;
    after = rows[rows.length - 1]!;
  }
  await event.queue(tx);
}
