/**
 * A provider's channels as the portal lists and shows them. Every query is scoped by the provider:
 * another provider's channel id is simply not found.
 */
import type { ChannelStatus } from "../contract/channel";
import type { ChannelContent } from "./channel-content";
import { channelRequestHistory, requestChannelUpdate, viewChannel } from "./channels";
import { notFound } from "./errors";
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
    select: {
      id: true,
      requestedContent: true,
      approvedContent: true,
      rejectionReason: true,
      updatedAt: true,
      requests: { where: { state: "PENDING" }, select: { kind: true }, take: 1 },
    },
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
    /** The kind of the request awaiting a decision, if any (there is at most one). */
    pendingKind: row.requests[0]?.kind ?? null,
    hasPendingChanges: row.approvedContent !== null && row.requests[0] !== undefined,
    rejectionReason: row.rejectionReason,
    updatedAt: row.updatedAt,
    history,
    translations,
    budget,
  };
}

/**
 * The portal's status switch: the newest request's content when one awaits a decision (so the switch
 * never drops a pending change), otherwise the content View shows, with the new status. On an
 * approved channel with nothing pending that is an update-status; on a never-approved channel it
 * is an update that replaces the pending request (lib/domain/channels).
 */
export async function requestStatusChange(
  providerId: string,
  providerDeliveryChannelId: string,
  status: Exclude<ChannelStatus, "REQUESTED">,
) {
  const row = await db().channel.findUnique({
    where: { providerId_providerDeliveryChannelId: { providerId, providerDeliveryChannelId } },
    select: {
      requestedContent: true,
      approvedContent: true,
      requests: { where: { state: "PENDING" }, select: { id: true }, take: 1 },
    },
  });
  if (!row) throw notFound("No such channel.");
  const source = row.requests.length ? row.requestedContent : (row.approvedContent ?? row.requestedContent);
  const content = JSON.parse(source) as ChannelContent;
  return requestChannelUpdate(providerId, { ...content, budget: content.budget ?? undefined, status });
}
