/**
 * A provider's channels as the portal lists and shows them. Every query is scoped by the provider:
 * another provider's channel id is simply not found.
 */
import type { ChannelContent } from "./channels";
import { channelRequestHistory, viewChannel } from "./channels";
import { db } from "../db";
import { matchesSearch } from "./channel-filters";
import { pageOfChannels } from "./channel-lists";
import { budgetOverview } from "./budgets";
import { channelTranslations } from "./translations";

export const CHANNELS_PAGE_SIZE = 20;

export interface ChannelListQuery {
  q?: string;
  page?: number;
}

/**
 * One page of the provider's channels, most recently changed first (index providerId, updatedAt).
 * The search matches the id and the words of the requested content (name, description, contacts…)
 * through Channel.searchText: a scan of one provider's rows, fast for thousands of channels; a
 * full-text index would be the next step for far more.
 */
export async function listProviderChannels(providerId: string, { q, page = 1 }: ChannelListQuery) {
  const term = q?.trim();
  const where = {
    providerId,
    ...(term ? matchesSearch(term) : {}),
  };
  return pageOfChannels(where, page, CHANNELS_PAGE_SIZE);
}

/** Everything the channel page shows, or null when the provider has no such channel. */
export async function providerChannelDetail(providerId: string, providerDeliveryChannelId: string) {
  const row = await db().channel.findUnique({
    where: { providerId_providerDeliveryChannelId: { providerId, providerDeliveryChannelId } },
    select: { id: true, requestedContent: true, approvedContent: true, updatedAt: true },
  });
  if (!row) return null;
  const [view, history, translations, budget] = await Promise.all([
    viewChannel(providerId, providerDeliveryChannelId),
    channelRequestHistory(providerId, providerDeliveryChannelId),
    channelTranslations(row.id),
    budgetOverview({ channelId: row.id }),
  ]);
  return {
    view,
    requested: JSON.parse(row.requestedContent) as ChannelContent,
    hasPendingChanges: row.approvedContent !== null && row.approvedContent !== row.requestedContent,
    updatedAt: row.updatedAt,
    history,
    translations,
    budget,
  };
}
