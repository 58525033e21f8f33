/**
 * The console's approval queue and a request under review. Administrators see every live provider
 * (a sandbox's requests are decided by the sandbox worker); decisions go through
 * lib/domain/approvals.ts.
 */
import { db } from "../../db";
import { countUpTo, type ListSort, type PageQuery, readKeysetPage, sortKeyOf } from "../paging";
import { type Actor, authorize } from "../permissions";
import { LIVE_ROW } from "../sandbox/scope";
import { parseContent } from "./content";
import { CHANNEL_WITH_HISTORY } from "./history";
import { ADMIN_PAGE_SIZE } from "./lists";
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

/** Pending requests, oldest first. */
export async function approvalQueue(
  actor: Actor,
  { providerId, kind, olderThanDays, sort, ...query }: QueueFilter,
  now = new Date(),
) {
  authorize(actor, "console.read");
  const filter = {
    state: "PENDING",
    ...(kind ? { kind } : {}),
    ...LIVE_ROW,
    // ChannelRequest.providerId, kept by the database: an index range rather than a join per row.
    ...(providerId ? { providerId } : {}),
    ...(olderThanDays ? { requestedAt: { lte: new Date(now.getTime() - olderThanDays * 86_400_000) } } : {}),
  };
  const { items, ...paging } = await readKeysetPage({
    query,
    pageSize: ADMIN_PAGE_SIZE,
    key: sortKeyOf(QUEUE_SORTS, sort, QUEUE_ORDER),
    table: db().channelRequest,
    filter,
    rows: ({ where, orderBy, take }) =>
      db().channelRequest.findMany({
        where,
        orderBy,
        take,
        select: {
          id: true,
          kind: true,
          requestedAt: true,
          body: true,
          channel: {
            select: { providerDeliveryChannelId: true, provider: { select: { id: true, name: true } } },
          },
        },
      }),
  });
  return {
    ...paging,
    requests: items.map(({ body, ...request }) => ({
      ...request,
      name: parseContent(body).name.translation,
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
