/** A channel's requests, newest first: the history the review queue and both portals show. */
import { db } from "../../db";

/** What a request history shows of each request (components/channels/request-history). */
const REQUEST_HISTORY_FIELDS = {
  id: true,
  kind: true,
  state: true,
  requestedAt: true,
  decidedAt: true,
  reason: true,
} as const;

/** What the console reads with a channel: its provider and its request history. */
export const CHANNEL_WITH_HISTORY = {
  provider: { select: { id: true, name: true } },
  requests: { orderBy: { requestedAt: "desc" }, select: REQUEST_HISTORY_FIELDS },
} as const;

export function channelRequestHistory(providerId: string, providerDeliveryChannelId: string) {
  return db().channelRequest.findMany({
    where: { channel: { providerId, providerDeliveryChannelId } },
    orderBy: { requestedAt: "desc" },
    select: { ...REQUEST_HISTORY_FIELDS, body: true },
  });
}
