/**
 * Every stored Channel column derived from the content, computed in one place. Create, update and
 * approval all write `requestedColumns(content)`, so no path can forget a column (a create that never
 * wrote searchText left channels unfindable until their first update).
 *
 * The filter columns are stored beside the requested content so that a filter is an exact text match
 * rather than a guess in the JSON, where "BG" may be a supported country, an excluded one or a
 * language, and "phone" is a key of every contact (./filters.ts reads them). The migration that added
 * them computes the same values in SQL for older rows.
 */
import { AVAILABILITY_PAIRS, type ChannelBody } from "../../contract/channel";
import type { RequestedColumns } from "../../db/channel-writes";
import { type ChannelContent, parseContent, serializeContent } from "../stored-channel-content";

/** Tags as stored: each between commas, so a LIKE for ",tag," matches a whole tag. */
const tagList = (tags: string[]) => `,${tags.map((tag) => `${tag},`).join("")}`;

/**
 * The tag of a channel with no supported countries: it is available in every country it does not
 * exclude, so a country filter looks it up beside the country's own tag (./filters.ts).
 */
export const EVERY_COUNTRY = "supported:*";

/** Channel.availabilityTags: ",category:CASH,supported:BG,excluded:HN," (the database indexes each, ChannelTag). */
export function availabilityTags(availability: ChannelBody["availability"]): string {
  const supported = availability.countriesSupported ?? [];
  const tags = [
    ...availability.categoriesSupported.map((category) => `category:${category}`),
    ...(supported.length ? supported.map((country) => `supported:${country}`) : [EVERY_COUNTRY]),
    ...(availability.countriesExcluded ?? []).map((country) => `excluded:${country}`),
  ];
  return tagList(tags);
}

/**
 * The "+" value of a criterion whose supported list is absent or empty: it does not restrict, so an
 * eligibility search looks it up beside the value asked about (lib/domain/channels/eligible-channels.ts).
 */
export const NOT_RESTRICTED = "*";

/**
 * Channel.eligibilityTags, of the approved availability: ",category:CASH,country+BG,country-HN,…".
 * A criterion's "+" tags are its supported list (NOT_RESTRICTED when it has none), "-" its excluded one.
 */
export function eligibilityTags(availability: ChannelBody["availability"]): string {
  const tags = [
    ...availability.categoriesSupported.map((category) => `category:${category}`),
    ...Object.entries(AVAILABILITY_PAIRS).flatMap(([criterion, [supported, excluded]]) => {
      const listed = availability[supported] ?? [];
      return [
        ...(listed.length ? listed : [NOT_RESTRICTED]).map((value) => `${criterion}+${value}`),
        ...(availability[excluded] ?? []).map((value) => `${criterion}-${value}`),
      ];
    }),
  ];
  return tagList(tags);
}

/** Every Channel column that follows from the approved content (an approval writes them together). */
export function approvedColumns(approvedContent: string) {
  return { approvedContent, eligibilityTags: eligibilityTags(parseContent(approvedContent).availability) };
}

/**
 * Channel.searchText: the id and the content's words people search for (name, description,
 * landing page, contacts, call center, delivery option labels and names), lower case, one per line.
 * Codes (languages, countries, currencies) are left out: they are filters, not words.
 */
export function searchText(content: ChannelContent): string {
  const words = [
    content.providerDeliveryChannelId,
    content.name.translation,
    content.shortDescription?.translation,
    content.landingPage,
    ...(content.contacts ?? []).flatMap((contact) => [contact.name, contact.email, contact.phone]),
    ...Object.values(content.callCenter ?? {}),
    ...(content.deliveryOptions ?? []).flatMap((option) => [option.fieldLabel, option.fieldName]),
  ];
  return words
    .filter((word): word is string => typeof word === "string" && word !== "")
    .join("\n")
    .toLowerCase();
}

/** Channel.sortName: the name in lower case, the console's sort by name (lists.ts). */
export const sortName = (content: ChannelContent) => content.name.translation.toLowerCase();

/** Every Channel column that follows from the requested content. */
export function requestedColumns(body: ChannelBody | ChannelContent): RequestedColumns {
  return {
    requestedContent: serializeContent(body),
    availabilityTags: availabilityTags(body.availability),
    searchText: searchText(body),
    sortName: sortName(body),
  };
}
