/**
 * Pages of channel requests of live providers (a sandbox's requests are decided by the sandbox
 * worker). One query serves the reviewers' queue (pending requests, review.ts) and the platform API's
 * list of requests in any state, each with what it changes against the channel's approved content
 * (the console's review page shows the same diff).
 */
import { db } from "../../db";
import { LIVE_ROW } from "../live-scope";
import { type PageQuery, readKeysetPage, type SortKey } from "../paging";
import { type Actor, authorize } from "../permissions";
import { parseContent } from "../stored-channel-content";
import { ADMIN_PAGE_SIZE } from "./channel-lists";
import { diffContent } from "./diff-content";

/** Which requests a page holds; a filter left out holds them all. */
export interface RequestPageFilter {
  state?: string;
  kind?: string;
  providerId?: string;
  /** Only requests submitted at or before this time. */
  requestedUpTo?: Date;
}

/**
 * A page of requests in `key`'s order, each with its channel and the content it asks for; the
 * channel's approved content only when `withApprovedContent` (a diff needs it, the queue does not).
 */
export async function readChannelRequestPage(
  { state, kind, providerId, requestedUpTo }: RequestPageFilter,
  key: SortKey,
  query: PageQuery,
  withApprovedContent = false,
) {
  const filter = {
    ...(state ? { state } : {}),
    ...(kind ? { kind } : {}),
    ...LIVE_ROW,
    // ChannelRequest.providerId, kept by the database: an index range rather than a join per row.
    ...(providerId ? { providerId } : {}),
    ...(requestedUpTo ? { requestedAt: { lte: requestedUpTo } } : {}),
  };
  const { items, ...paging } = await readKeysetPage({
    query,
    pageSize: ADMIN_PAGE_SIZE,
    key,
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
          state: true,
          requestedAt: true,
          decidedAt: true,
          reason: true,
          body: true,
          channel: {
            select: {
              id: true,
              providerDeliveryChannelId: true,
              approvedContent: withApprovedContent,
              provider: { select: { id: true, name: true } },
            },
          },
        },
      }),
  });
  return {
    ...paging,
    requests: items.map(({ body, ...request }) => {
      const submitted = parseContent(body);
      return { ...request, submitted, name: submitted.name.translation };
    }),
  };
}

export interface RequestListFilter extends PageQuery {
  state?: string;
  providerId?: string;
  kind?: string;
}

/** The platform API's list: pending requests oldest first (the queue's order); decided ones newest first. */
export async function channelRequestList(
  actor: Actor,
  { state, providerId, kind, ...query }: RequestListFilter,
) {
  authorize(actor, "console.read");
  const { requests, ...paging } = await readChannelRequestPage(
    { state, kind, providerId },
    { field: "requestedAt", direction: state === "PENDING" ? "asc" : "desc", kind: "date" },
    query,
    true,
  );
  return {
    ...paging,
    requests: requests.map(({ submitted, channel: { approvedContent, ...channel }, ...request }) => ({
      ...request,
      channel,
      changes: diffContent(approvedContent ? parseContent(approvedContent) : null, submitted),
    })),
  };
}
