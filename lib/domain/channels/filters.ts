/**
 * What the console filters channels by: exact matches on the column ./columns.ts derives from the
 * requested content (Channel.availabilityTags), and the indexes that find them. The search of
 * Channel.searchText is ./search.ts.
 *
 * A filter's `where` decides which channels match. Its index decides how they are read: the database
 * keeps one ChannelTag row per tag, so the channels holding a tag are an index range. When that range
 * (or the pending requests') holds at most ID_LIST_LIMIT channels, the list reads just those rows by
 * id. When it holds more, the filter is common, and a page reading channels newest first finds its
 * rows among the first few hundred it reads. Either way no page reads every channel: a LIKE alone read
 * all million for a country no channel serves.
 */
import { db } from "../../db";
import type { Prisma } from "../../db/generated/sqlite/client";
import { CHANNEL_ID_RANGE, channelIdsOf, shortestRange } from "../paging";
import { EVERY_COUNTRY } from "./columns";

const tagged = (tag: string) => ({ availabilityTags: { contains: `,${tag},` } });

/** Channels that support a category of assistance. */
export const offersCategory = (category: string) => tagged(`category:${category}`);

/**
 * Channels available in a country, read as eligibility reads the lists: supported when the
 * supported list is absent or empty (tagged EVERY_COUNTRY) or names it, and not excluded.
 */
export const availableInCountry = (country: string) => ({
  AND: [
    { OR: [tagged(EVERY_COUNTRY), tagged(`supported:${country}`)] },
    { NOT: tagged(`excluded:${country}`) },
  ],
});

/** The console's filters an index can narrow: the tags a category or country needs, a pending request. */
export interface NarrowableFilter {
  category?: string;
  country?: string;
  pending?: boolean;
}

/**
 * Ids that hold every channel the filters match (and maybe more: where decides), from the filter
 * whose index range is smallest; null when each range is past ID_LIST_LIMIT, or no filter is set.
 */
export async function fewCandidates({ category, country, pending }: NarrowableFilter) {
  const ranges = await Promise.all([
    ...(category ? [taggedChannels([`category:${category}`])] : []),
    ...(country ? [taggedChannels([`supported:${country}`, EVERY_COUNTRY])] : []),
    ...(pending ? [pendingRequestChannels()] : []),
  ]);
  return shortestRange(ranges);
}

/** Up to ID_LIST_LIMIT + 1 channels holding one of the tags (index ChannelTag tag, channelId). */
const taggedChannels = (tags: string[]) =>
  channelIdsOf(db().channelTag.findMany({ where: { tag: { in: tags } }, ...CHANNEL_ID_RANGE }));

/** Up to ID_LIST_LIMIT + 1 live channels awaiting a decision (index sandbox, state, requestedAt, id). */
const pendingRequestChannels = () =>
  channelIdsOf(
    db().channelRequest.findMany({ where: { sandbox: false, state: "PENDING" }, ...CHANNEL_ID_RANGE }),
  );

/** The narrowing as a where-fragment of the list. */
export const amongChannels = (ids: string[]): Prisma.ChannelWhereInput => ({ id: { in: ids } });
