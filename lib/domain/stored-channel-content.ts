/**
 * A channel's content as stored (Channel.requestedContent/approvedContent, ChannelRequest.body):
 * written by `serializeContent` only, read by `parseContent` only.
 */
import type { ChannelBody, ChannelView } from "../contract/channel";

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

/** The content as stored. */
export const serializeContent = (body: ChannelBody | ChannelContent) => JSON.stringify(completeContent(body));

/**
 * Stored content back as content. Not validated again: only `serializeContent` writes these columns,
 * from a body the contract's schema accepted, and View (the API's hottest read) passes here.
 */
export const parseContent = (stored: string) => JSON.parse(stored) as ChannelContent;

/** A channel's approved name, for pickers and lists (its id when it has none). */
export function channelName(approvedContent: string | null, providerDeliveryChannelId: string): string {
  return (approvedContent && parseContent(approvedContent).name?.translation) || providerDeliveryChannelId;
}

/**
 * Stored content with every null dropped, at any depth: the contract treats a nullable field sent as
 * null and one left out alike, so "same content, new status" must not tell them apart either.
 */
const withoutNulls = (content: string) =>
  JSON.stringify(JSON.parse(content), (_key, value: unknown) => (value === null ? undefined : value));

/** Whether two stored contents are the same content (null and absent alike, key order as stored). */
export const sameContent = (a: string, b: string) => withoutNulls(a) === withoutNulls(b);
