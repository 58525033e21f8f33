/**
 * A channel's requested availability as tags for the console's filters, stored beside its content
 * (Channel.availabilityTags) so that a filter is an exact text match, not a guess in the JSON (where
 * "BG" may be a supported country, an excluded one, or a language): ",category:CASH,supported:BG,
 * excluded:HN,". The migration that added the column computes the same tags in SQL for older rows.
 */
import type { ChannelBody } from "../contract/channel";

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
