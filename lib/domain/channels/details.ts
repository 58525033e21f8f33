/** A channel's page in each portal: everything it shows, or null when there is no such channel. */
import { translationLanguages } from "../../config";
import { db } from "../../db";
import { budgetOverview } from "../budgets";
import { LIVE_ROW } from "../live-scope";
import { type Actor, authorize, authorizeProvider } from "../permissions";
import { parseContent } from "../stored-channel-content";
import { channelTranslations, translationCoverage } from "../translations";
import { CHANNEL_WITH_HISTORY, channelRequestHistory } from "./history";
import { channelStanding } from "./standing";
import { viewChannel } from "./view";

/** The provider's page: scoped by the provider, so another provider's channel id is not found. */
export async function providerChannelDetail(actor: Actor, providerDeliveryChannelId: string) {
  const providerId = authorizeProvider(actor, "provider.read");
  const row = await db().channel.findUnique({
    where: { providerId_providerDeliveryChannelId: { providerId, providerDeliveryChannelId } },
    select: {
      id: true,
      requestedContent: true,
      approvedContent: true,
      rejectionReason: true,
      withdrawnAt: true,
      retiredAt: true,
      updatedAt: true,
      requests: {
        where: { state: "PENDING" },
        select: { id: true, kind: true, previousStatus: true },
        take: 1,
      },
    },
  });
  if (!row) return null;
  const [view, history, translations, budget] = await Promise.all([
    viewChannel(actor, providerDeliveryChannelId),
    channelRequestHistory(providerId, providerDeliveryChannelId),
    channelTranslations(row.id),
    budgetOverview({ channelId: row.id }),
  ]);
  return {
    /** The internal id (Channel.id), for what is keyed by it (translations). */
    channelId: row.id,
    view,
    requested: parseContent(row.requestedContent),
    /** The kind of the request awaiting a decision, if any (there is at most one). */
    pendingKind: row.requests[0]?.kind ?? null,
    /** That request, for "Withdraw request": its id, and the status withdrawing it restores, if any. */
    pending: row.requests[0] ?? null,
    /** Changes of the approved content await a decision (a status switch applies at once). */
    hasPendingChanges:
      row.approvedContent !== null &&
      row.requests[0] !== undefined &&
      row.requests[0].kind !== "UPDATE_STATUS",
    rejectionReason: row.rejectionReason,
    /** When the provider retired the channel: its page then offers no change at all. */
    retiredAt: row.retiredAt,
    standing: channelStanding({
      status: view.status,
      isApproved: view.isApproved,
      rejectionReason: row.rejectionReason,
      withdrawnAt: row.withdrawnAt,
      retiredAt: row.retiredAt,
      pending: row.requests[0] ?? null,
    }),
    updatedAt: row.updatedAt,
    history,
    translations,
    budget,
  };
}

/** The console's page, by the channel's internal id (Channel.id); a sandbox's channel is not found. */
export async function adminChannelDetail(actor: Actor, channelId: string) {
  authorize(actor, "console.read");
  const channel = await db().channel.findFirst({
    where: { id: channelId, ...LIVE_ROW },
    include: CHANNEL_WITH_HISTORY,
  });
  if (!channel) return null;
  const translations = await channelTranslations(channel.id);
  const approved = channel.approvedContent ? parseContent(channel.approvedContent) : null;
  return {
    ...channel,
    content: approved ?? parseContent(channel.requestedContent),
    standing: channelStanding({
      ...channel,
      pending: channel.requests.find((request) => request.state === "PENDING") ?? null,
    }),
    translations,
    translationCoverage: translationCoverage(approved, translations, translationLanguages()),
  };
}
