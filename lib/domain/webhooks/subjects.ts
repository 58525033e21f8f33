/**
 * What each event of a delivery log concerns, for its row: the channel (by the payload's
 * providerDeliveryChannelId, among the event's provider's channels) and, for a DELIVERY_REQUEST_SENT
 * or DELIVERY_REFUND_REQUESTED, the delivery request (the payload's deliveryRequestId, or the request
 * of the payload's deliveryId). Read from the payload's stored start (payloadPreview: the ids come
 * first in every payload) and deliveriesOf, never from the payload itself, which can be megabytes.
 * An id that names nothing stored (an example event's) stays as the payload gave it, without a name.
 */
import { db } from "../../db";
import { type Actor, authorize, authorizeProvider } from "../permissions";
import { parseContent } from "../stored-channel-content";

export interface EventSubject {
  /** The payload's providerDeliveryChannelId; `id` and `name` when the channel exists. */
  channel: { providerDeliveryChannelId: string; id?: string; name?: string } | null;
  /** The delivery request the event sent or whose delivery it refunds, when it exists. */
  deliveryRequest: { id: string; programId: string; description: string } | null;
}

interface LoggedEvent {
  id: string;
  providerId: string;
  eventType: string;
  payloadPreview: string;
  deliveriesOf: string | null;
}

/** A top-level string field of a JSON object's start (a key after `{` or `,`, never inside a string). */
function fieldOf(json: string, key: string): string | undefined {
  const match = json.match(new RegExp(`[{,]"${key}":("(?:[^"\\\\]|\\\\.)*")`));
  if (!match) return undefined;
  try {
    const value: unknown = JSON.parse(match[1]!);
    return typeof value === "string" ? value : undefined;
  } catch {
    return undefined;
  }
}

/** Each event's subject, by event id: the provider portal's own events, or the console's. */
export async function eventSubjects(actor: Actor, events: LoggedEvent[]): Promise<Map<string, EventSubject>> {
  if (actor.providerId) authorizeProvider(actor, "provider.read");
  else authorize(actor, "console.read");
  const read = events.map((event) => ({
    event,
    channelId: fieldOf(event.payloadPreview, "providerDeliveryChannelId"),
    requestId: event.deliveriesOf ?? fieldOf(event.payloadPreview, "deliveryRequestId"),
    deliveryId:
      event.eventType === "DELIVERY_REFUND_REQUESTED"
        ? fieldOf(event.payloadPreview, "deliveryId")
        : undefined,
  }));
  const deliveryIds = read.flatMap((row) => (row.deliveryId ? [row.deliveryId] : []));
  const deliveries = deliveryIds.length
    ? await db().delivery.findMany({
        where: { id: { in: deliveryIds } },
        select: { id: true, deliveryRequestId: true },
      })
    : [];
  const requestOfDelivery = new Map(deliveries.map((row) => [row.id, row.deliveryRequestId]));
  const requestIds = [
    ...new Set(
      read.flatMap((row) => {
        const id = row.requestId ?? (row.deliveryId && requestOfDelivery.get(row.deliveryId));
        return id ? [id] : [];
      }),
    ),
  ];
  const providerIds = [...new Set(events.map((event) => event.providerId))];
  const requests = requestIds.length
    ? await db().deliveryRequest.findMany({
        // Only requests through the event's provider's channels: a payload never names another's.
        where: { id: { in: requestIds }, channel: { providerId: { in: providerIds } } },
        select: {
          id: true,
          programId: true,
          description: true,
          channel: { select: { id: true, providerId: true, providerDeliveryChannelId: true } },
        },
      })
    : [];
  const requestById = new Map(requests.map((request) => [request.id, request]));
  const channelKeys = read.flatMap((row) => {
    const request = requestById.get(
      row.requestId ?? (row.deliveryId ? (requestOfDelivery.get(row.deliveryId) ?? "") : ""),
    );
    const pdcId = row.channelId ?? request?.channel.providerDeliveryChannelId;
    return pdcId ? [{ providerId: row.event.providerId, providerDeliveryChannelId: pdcId }] : [];
  });
  const channels = channelKeys.length
    ? await db().channel.findMany({
        where: { OR: channelKeys },
        select: { id: true, providerId: true, providerDeliveryChannelId: true, requestedContent: true },
      })
    : [];
  const channelByKey = new Map(
    channels.map((channel) => [
      `${channel.providerId}\n${channel.providerDeliveryChannelId}`,
      { id: channel.id, name: parseContent(channel.requestedContent).name.translation },
    ]),
  );
  return new Map(
    read.map((row) => {
      const requestId = row.requestId ?? (row.deliveryId ? requestOfDelivery.get(row.deliveryId) : undefined);
      const request = requestId ? requestById.get(requestId) : undefined;
      const pdcId = row.channelId ?? request?.channel.providerDeliveryChannelId;
      const channel = pdcId ? channelByKey.get(`${row.event.providerId}\n${pdcId}`) : undefined;
      return [
        row.event.id,
        {
          channel: pdcId ? { providerDeliveryChannelId: pdcId, ...channel } : null,
          deliveryRequest: request
            ? { id: request.id, programId: request.programId, description: request.description }
            : null,
        },
      ];
    }),
  );
}
