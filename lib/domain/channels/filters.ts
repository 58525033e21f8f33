/**
 * What the console filters channels by: exact matches on the column ./columns.ts derives from the
 * requested content (Channel.availabilityTags). The search of Channel.searchText is ./search.ts.
 */

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
