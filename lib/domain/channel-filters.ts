/**
 * What the portals filter and search channels by, stored beside the requested content and written
 * with it (create and update), so that a filter is an exact text match rather than a guess in the
 * JSON, where "BG" may be a supported country, an excluded one or a language, and "phone" is a key
 * of every contact. The migration that added the columns computes the same values in SQL for
 * older rows.
 */
import type { ChannelBody } from "../contract/channel";
import type { ChannelContent } from "./channel-content";

/** Channel.availabilityTags: ",category:CASH,supported:BG,excluded:HN,". */
export function availabilityTags(availability: ChannelBody["availability"]): string {
  const tags = [
    ...availability.categoriesSupported.map((category) => `category:${category}`),
    ...(availability.countriesSupported ?? []).map((country) => `supported:${country}`),
    ...(availability.countriesExcluded ?? []).map((country) => `excluded:${country}`),
  ];
  return `,${tags.map((tag) => `${tag},`).join("")}`;
}

const tagged = (tag: string) => ({ availabilityTags: { contains: `,${tag},` } });

/** Channels that support a category of assistance. */
export const offersCategory = (category: string) => tagged(`category:${category}`);

/**
 * Channels available in a country, read as eligibility reads the lists: supported when the
 * supported list is absent or empty or names it, and not excluded.
 */
export const availableInCountry = (country: string) => ({
  AND: [
    {
      OR: [{ NOT: { availabilityTags: { contains: ",supported:" } } }, tagged(`supported:${country}`)],
    },
    { NOT: tagged(`excluded:${country}`) },
  ],
});

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

/** Channels whose search text contains the term (any case, any script). */
export const matchesSearch = (term: string) => ({ searchText: { contains: term.toLowerCase() } });
