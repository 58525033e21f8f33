/**
 * The reviewers' queue of pending channel requests and a request under review. Administrators see
 * every live provider (a sandbox's requests are decided by the sandbox worker); decisions go through
 * decide-request.ts.
 */
import { db } from "../../db";
import { LIVE_ROW } from "../live-scope";
import { countUpTo, type ListSort, type PageQuery, sortKeyOf } from "../paging";
import { type Actor, authorize } from "../permissions";
import { parseContent } from "../stored-channel-content";
import { CHANNEL_WITH_HISTORY } from "./history";
import { readChannelRequestPage } from "./request-list";
import { channelStanding } from "./standing";

export const REQUEST_KINDS = ["CREATE", "UPDATE", "UPDATE_STATUS"] as const;

export interface QueueFilter extends PageQuery {
  providerId?: string;
  kind?: string;
  /** Only requests waiting at least this many days. */
  olderThanDays?: number;
  /** The order asked for; oldest first when none is. */
  sort?: QueueSort;
}

/** The queue's order: oldest request first. */
const QUEUE_ORDER = { field: "requestedAt", direction: "asc", kind: "date" } as const;

/** The queue's orders a page may ask for: by the time submitted, either way round (its indexes end requestedAt, id). */
export const QUEUE_SORTS = { submitted: { field: "requestedAt", kind: "date" } } as const;
export type QueueSort = ListSort<keyof typeof QUEUE_SORTS>;

/** Pending requests, oldest first: the reviewers' queue. */
export async function channelRequestQueue(
  actor: Actor,
  { providerId, kind, olderThanDays, sort, ...query }: QueueFilter,
  now = new Date(),
) {
  authorize(actor, "console.read");
  const requestedUpTo = olderThanDays ? new Date(now.getTime() - olderThanDays * 86_400_000) : undefined;
  const { requests, ...paging } = await readChannelRequestPage(
    { state: "PENDING", kind, providerId, requestedUpTo },
    sortKeyOf(QUEUE_SORTS, sort, QUEUE_ORDER),
    query,
  );
  return {
    ...paging,
    requests: requests.map(({ id, kind, requestedAt, name, channel }) => ({
      id,
      kind,
      requestedAt,
      channel: { providerDeliveryChannelId: channel.providerDeliveryChannelId, provider: channel.provider },
      name,
    })),
  };
}

/** The navigation's badge counts to 99 ("99+"): every console page shows it, so it must cost little. */
export const BADGE_CAP = 99;

/** Pending requests of live providers, counted up to `cap`. */
export function pendingRequestCount(cap?: number) {
  const where = { state: "PENDING", ...LIVE_ROW };
  return countUpTo(db().channelRequest, where, QUEUE_ORDER, cap);
}

/** A request with what it changes: the submitted content, the approved one, the channel's history. */
export async function requestForReview(actor: Actor, requestId: string) {
  authorize(actor, "console.read");
  const request = await db().channelRequest.findFirst({
    where: { id: requestId, ...LIVE_ROW },
    include: { channel: { include: CHANNEL_WITH_HISTORY } },
  });
  if (!request) return null;
  const { channel } = request;
  return {
    id: request.id,
    kind: request.kind,
    state: request.state,
    requestedAt: request.requestedAt,
    decidedAt: request.decidedAt,
    reason: request.reason,
    previousStatus: request.previousStatus,
    submitted: parseContent(request.body),
    approved: channel.approvedContent ? parseContent(channel.approvedContent) : null,
    channel: {
      id: channel.id,
      providerDeliveryChannelId: channel.providerDeliveryChannelId,
      status: channel.status,
      isApproved: channel.isApproved,
      standing: channelStanding({
        ...channel,
        pending: channel.requests.find((one) => one.state === "PENDING") ?? null,
      }),
      provider: channel.provider,
      history: channel.requests,
    },
  };
}
