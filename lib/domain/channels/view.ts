/**
 * The API's View: the approved content once there is one, the requested content before that
 * (docs/api.md "Channel semantics"). Other providers' channels are not found.
 */
import { type ChannelStatus, type ChannelView, PROVIDER_CHANNEL_ID_PATTERN } from "../../contract/channel";
import { say } from "../../contract/validation-messages";
import { readChannelRow } from "../../db";
import { notFound } from "../errors";
import { type Actor, authorizeProvider } from "../permissions";
import { completeContent, parseContent } from "../stored-channel-content";

export async function viewChannel(actor: Actor, providerDeliveryChannelId: string): Promise<ChannelView> {
  const providerId = authorizeProvider(actor, "provider.read");
  // An id no channel can have (bad characters, NUL, too long) is simply not found; the database
  // never sees it (PostgreSQL refuses NUL in text).
  if (providerDeliveryChannelId.length > 64 || !PROVIDER_CHANNEL_ID_PATTERN.test(providerDeliveryChannelId)) {
    throw notFound(say("noChannelWithId", { id: encodeURIComponent(providerDeliveryChannelId) }));
  }
  const channel = await readChannelRow(providerId, providerDeliveryChannelId);
  if (!channel) throw notFound(say("noChannelWithId", { id: providerDeliveryChannelId }));
  return {
    ...completeContent(parseContent(channel.approvedContent ?? channel.requestedContent)),
    isApproved: channel.isApproved,
    status: channel.status as ChannelStatus,
  };
}
