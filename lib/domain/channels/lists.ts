/**
 * The channel lists of both portals: one page of channels, most recently changed first (index
 * providerId, updatedAt), with what a row shows — the requested name, status, approval, provider,
 * the pending request, and the reason its newest request was rejected, if it was.
 */
import { db } from "../../db";
import type { Prisma } from "../../db/generated/sqlite/client";
import { readPage } from "../paging";
import { type Actor, authorize, authorizeProvider } from "../permissions";
import { OF_LIVE_PROVIDER } from "../sandbox-scope";
import { parseContent } from "./content";
import { availableInCountry, matchesSearch, offersCategory } from "./filters";

export const CHANNELS_PAGE_SIZE = 20;
export const ADMIN_PAGE_SIZE = 25;

/** The callers decide what `where` may see (a provider: only its own). */
async function pageOfChannels(where: Prisma.ChannelWhereInput, page: number | undefined, pageSize: number) {
  const { items, ...paging } = await readPage(
    page,
    pageSize,
    () => db().channel.count({ where }),
    (window) =>
      db().channel.findMany({
        where,
        orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
        ...window,
        select: {
          id: true,
          providerDeliveryChannelId: true,
          status: true,
          isApproved: true,
          updatedAt: true,
          requestedContent: true,
          rejectionReason: true,
          provider: { select: { name: true } },
          requests: { where: { state: "PENDING" }, select: { kind: true, requestedAt: true }, take: 1 },
        },
      }),
  );
  return {
    ...paging,
    items: items.map(({ requestedContent, requests, ...row }) => ({
      ...row,
      name: parseContent(requestedContent).name.translation,
      pending: requests[0] ?? null,
    })),
  };
}

export interface ChannelListQuery {
  q?: string;
  page?: number;
}

/**
 * One page of the provider's channels. The search matches the id and the words of the requested
 * content (name, description, contacts…) through Channel.searchText: a scan of one provider's rows,
 * fast for thousands of channels; a full-text index would be the next step for far more.
 */
export async function listProviderChannels(actor: Actor, { q, page = 1 }: ChannelListQuery) {
  const providerId = authorizeProvider(actor, "provider.read");
  const term = q?.trim();
  const where = {
    providerId,
    ...(term ? matchesSearch(term) : {}),
  };
  return pageOfChannels(where, page, CHANNELS_PAGE_SIZE);
}

/** The console's filter on a channel's newest request: one awaits a decision, or was rejected. */
export const REQUEST_FILTERS = { pending: "Awaiting a decision", rejected: "Rejected" } as const;

export interface ChannelFilter {
  providerId?: string;
  status?: string;
  approved?: "yes" | "no";
  request?: string;
  category?: string;
  country?: string;
  page?: number;
}

/**
 * All live providers' channels for the console (never a sandbox's). Category and country match the requested availability
 * through Channel.availabilityTags: a country filter lists the channels available there (supported,
 * or no supported list, and not excluded), as eligibility reads the lists.
 */
export async function allChannels(
  actor: Actor,
  { providerId, status, approved, request, category, country, page = 1 }: ChannelFilter,
) {
  authorize(actor, "console.read");
  const where = {
    ...OF_LIVE_PROVIDER,
    ...(providerId ? { providerId } : {}),
    ...(status ? { status } : {}),
    ...(approved ? { isApproved: approved === "yes" } : {}),
    ...(request === "pending" ? { requests: { some: { state: "PENDING" } } } : {}),
    ...(request === "rejected" ? { rejectionReason: { not: null } } : {}),
    AND: [
      ...(category ? [offersCategory(category.toUpperCase())] : []),
      ...(country ? [availableInCountry(country.toUpperCase())] : []),
    ],
  };
  return pageOfChannels(where, page, ADMIN_PAGE_SIZE);
}
