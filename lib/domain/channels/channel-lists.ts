/**
 * The channel lists of both portals: one page of channels, most recently changed first (index
 * providerId, updatedAt), with what a row shows — the requested name, status, approval, provider,
 * the pending request, and the reason its newest request was rejected, if it was.
 */
import { channelFilterSchema } from "../../contract/platform/platform-inputs";
import { findUnstorableText } from "../../contract/stored-text";
import { db } from "../../db";
import type { Prisma } from "../../db/generated/sqlite/client";
import { LIVE_ROW } from "../live-scope";
import {
  countUpTo,
  type ListSort,
  NO_ROWS,
  type PageQuery,
  readKeysetPage,
  type SortKey,
  sortKeyOf,
} from "../paging";
import { type Actor, authorize, authorizeProvider } from "../permissions";
import { parseContent } from "../stored-channel-content";
import { amongChannels, availableInCountry, fewCandidates, offersCategory } from "./filters";
import { type ChannelSearch, searchFilter } from "./search";
import { channelStanding, PORTAL_CHANNEL_STATES, type PortalChannelState } from "./standing";

export const CHANNELS_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE = 25;

/** The channel lists' order: most recently changed first. */
export const CHANNEL_ORDER = { field: "updatedAt", direction: "desc", kind: "date" } as const;

/** Channels counted up to the cap, through the lists' index on their change time (the console's figures). */
export function countChannels(where: Prisma.ChannelWhereInput) {
  return countUpTo(db().channel, where, CHANNEL_ORDER);
}

/**
 * The console's list's other orders (issue 30, finding 11): by name (Channel.sortName, the requested
 * name in lower case; index sandbox, sortName, id) or by the last change, either way round.
 */
export const CHANNEL_SORTS = {
  name: { field: "sortName", kind: "text" },
  lastChange: { field: "updatedAt", kind: "date" },
} as const satisfies Record<string, Omit<SortKey, "direction">>;
export type ChannelSort = ListSort<keyof typeof CHANNEL_SORTS>;

/** The callers decide what `where` may see (a provider: only its own). */
async function pageOfChannels(
  filter: Prisma.ChannelWhereInput,
  query: PageQuery,
  pageSize: number,
  search?: Pick<ChannelSearch, "count" | "narrow">,
  key: SortKey = CHANNEL_ORDER,
) {
  const { items, ...paging } = await readKeysetPage({
    query,
    pageSize,
    key,
    table: db().channel,
    filter,
    count: search?.count,
    narrow: search?.narrow,
    rows: ({ where, orderBy, take }) =>
      db().channel.findMany({
        where,
        orderBy,
        take,
        select: {
          id: true,
          providerDeliveryChannelId: true,
          status: true,
          isApproved: true,
          updatedAt: true,
          sortName: true,
          requestedContent: true,
          rejectionReason: true,
          withdrawnAt: true,
          retiredAt: true,
          provider: { select: { name: true } },
          requests: { where: { state: "PENDING" }, select: { kind: true, requestedAt: true }, take: 1 },
        },
      }),
  });
  return {
    ...paging,
    items: items.map(({ requestedContent, requests, sortName: _, ...row }) => ({
      ...row,
      name: parseContent(requestedContent).name.translation,
      pending: requests[0] ?? null,
      standing: channelStanding({ ...row, pending: requests[0] ?? null }),
    })),
  };
}

export interface ChannelListQuery extends PageQuery {
  q?: string;
  /** Only the channels whose newest request was rejected, or one awaits the platform's decision. */
  state?: PortalChannelState;
}

/**
 * One page of the provider's channels. The search matches the id and the words of the requested
 * content (name, description, contacts…) through Channel.searchText and its trigram index (./search.ts).
 */
export async function listProviderChannels(actor: Actor, { q, state, ...query }: ChannelListQuery) {
  const providerId = authorizeProvider(actor, "provider.read");
  const term = q?.trim();
  const search = term ? await searchFilter(providerId, term) : undefined;
  const where = { providerId, ...search?.where, ...(state ? PORTAL_CHANNEL_STATES[state] : {}) };
  return pageOfChannels(where, query, CHANNELS_PAGE_SIZE, search);
}

/** The console's filter on a channel's newest request: one awaits a decision, or was rejected. */
export const REQUEST_FILTERS = { pending: "Awaiting a decision", rejected: "Rejected" } as const;

export interface ChannelFilter extends PageQuery {
  providerId?: string;
  status?: string;
  approved?: "yes" | "no";
  request?: string;
  /** "yes": retired channels only; "no": channels in service only. */
  retired?: "yes" | "no";
  category?: string;
  country?: string;
  /** Words of the channel: its id, name, description or contacts (as the portal's search reads them). */
  q?: string;
  /** The order asked for; most recently changed first when none is. */
  sort?: ChannelSort;
}

/**
 * All live providers' channels for the console (never a sandbox's). Category and country match the requested availability
 * through Channel.availabilityTags: a country filter lists the channels available there (supported,
 * or no supported list, and not excluded), as eligibility reads the lists. A filter whose index
 * finds few channels narrows the read to them (./filters.ts).
 */
export async function allChannels(
  actor: Actor,
  { providerId, status, approved, request, retired, category, country, q, sort, ...query }: ChannelFilter,
) {
  authorize(actor, "console.read");
  const key = sortKeyOf(CHANNEL_SORTS, sort, CHANNEL_ORDER);
  // The search's and the count caps' shortcuts read rows in the list's own order only.
  const ownOrder = key.field === CHANNEL_ORDER.field && key.direction === CHANNEL_ORDER.direction;
  const tags = { category: category?.toUpperCase(), country: country?.toUpperCase() };
  // The console's filters are typed text: a category or country that is no code (the platform API's
  // rule, a 400 there), or a value no database stores, matches nothing. As a tag it would not: `%` is
  // a LIKE wildcard, a NUL fails PostgreSQL's query and ended SQLite's LIKE pattern ("B\0G" was BG).
  const codes = channelFilterSchema.pick({ category: true, country: true }).safeParse(tags).success;
  if (!codes || findUnstorableText({ providerId, status }))
    return pageOfChannels(NO_ROWS, query, ADMIN_PAGE_SIZE, undefined, key);
  const where = {
    ...LIVE_ROW,
    ...(providerId ? { providerId } : {}),
    ...(status ? { status } : {}),
    ...(approved ? { isApproved: approved === "yes" } : {}),
    ...(retired ? { retiredAt: retired === "yes" ? { not: null } : null } : {}),
    ...(request === "pending" ? { requests: { some: { state: "PENDING" } } } : {}),
    // Index Channel_rejected_sandbox_updatedAt_id_idx (partial, rejected channels only).
    ...(request === "rejected" ? { rejectionReason: { not: null } } : {}),
    AND: [
      ...(tags.category ? [offersCategory(tags.category)] : []),
      ...(tags.country ? [availableInCountry(tags.country)] : []),
    ],
  };
  const term = q?.trim();
  if (term) {
    // The search's matches come from the trigram index across every live provider (./search.ts).
    // Alone, it counts and pages by them; beside another filter, its matches only narrow the rows.
    const search = await searchFilter(null, term);
    const filtered = Boolean(providerId || status || approved || request || category || country);
    const searched = { AND: [where, search.where] };
    return filtered || !ownOrder
      ? pageOfChannels(
          searched,
          query,
          ADMIN_PAGE_SIZE,
          { count: () => countUpTo(db().channel, searched, key, ROW_FILTER_COUNT_CAP) },
          key,
        )
      : pageOfChannels(searched, query, ADMIN_PAGE_SIZE, search);
  }
  const few = await fewCandidates({ ...tags, pending: request === "pending" });
  if (few)
    return pageOfChannels({ AND: [where, amongChannels(few)] }, query, ADMIN_PAGE_SIZE, undefined, key);
  const unindexed = Boolean(category || country || request === "pending");
  const count = unindexed ? () => countUpTo(db().channel, where, key, ROW_FILTER_COUNT_CAP) : undefined;
  return pageOfChannels(where, query, ADMIN_PAGE_SIZE, { count }, key);
}

/**
 * The count of a console list filtered by a common tag or many pending requests stops at 1,000: it
 * reads each row it counts, and at 10,000 a country filter read 25,000 channels for every page (2.1x
 * at a million channels, bench:scale).
 */
const ROW_FILTER_COUNT_CAP = 1_000;
