/**
 * A channel's content and every stored column derived from it, computed in one place. Create,
 * update and approval all write `requestedColumns(content)`, so no path can forget a column (a
 * create that never wrote searchText left channels unfindable until their first update).
 */
import type { ChannelBody, ChannelView } from "../contract/channel";
import type { RequestedColumns } from "../db/channel-writes";
import { availabilityTags, searchText } from "./channel-filters";

/** The content of a channel: the body without status, which lives on the channel itself. */
export type ChannelContent = Omit<ChannelBody, "status">;

/** Every top-level field present, null where the provider sent nothing: View's shape, and canonical. */
export function completeContent(
  body: ChannelBody | ChannelContent,
): Omit<ChannelView, "isApproved" | "status"> {
  return {
    providerDeliveryChannelId: body.providerDeliveryChannelId,
    name: body.name,
    shortDescription: body.shortDescription ?? null,
    landingPage: body.landingPage,
    contacts: body.contacts ?? null,
    callCenter: body.callCenter ?? null,
    availability: body.availability,
    budget: body.budget ?? null,
    deliveryOptions: body.deliveryOptions ?? null,
  };
}

/** The content as stored (Channel.requestedContent/approvedContent, ChannelRequest.body). */
export const serializeContent = (body: ChannelBody | ChannelContent) => JSON.stringify(completeContent(body));

/** Every Channel column that follows from the requested content. */
export function requestedColumns(body: ChannelBody | ChannelContent): RequestedColumns {
  return {
    requestedContent: serializeContent(body),
    availabilityTags: availabilityTags(body.availability),
    searchText: searchText(body),
  };
}

/**
 * Stored content with every null dropped, at any depth: the contract treats a nullable field sent as
 * null and one left out alike, so "same content, new status" must not tell them apart either.
 */
const withoutNulls = (content: string) =>
  JSON.stringify(JSON.parse(content), (_key, value: unknown) => (value === null ? undefined : value));

/** Whether two stored contents are the same content (null and absent alike, key order as stored). */
export const sameContent = (a: string, b: string) => withoutNulls(a) === withoutNulls(b);
