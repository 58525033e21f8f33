/**
 * Channel requests in any state, each with what it changes against the channel's approved content
 * (the console's review page shows the same diff): the platform API's list. Live providers only,
 * like the console's approval queue (lib/domain/channels/review.ts).
 */
import { db } from "../../db";
import { type PageQuery, readKeysetPage } from "../paging";
import { type Actor, authorize } from "../permissions";
import { LIVE_ROW } from "../sandbox/scope";
import { parseContent } from "./content";
import { diffContent } from "./diff-content";
import { ADMIN_PAGE_SIZE } from "./lists";

export interface RequestListFilter extends PageQuery {
  state?: string;
  providerId?: string;
  kind?: string;
}

/** Pending requests oldest first (the queue's order); decided ones newest first. */
export async function channelRequestList(
  actor: Actor,
  { state, providerId, kind, ...query }: RequestListFilter,
) {
  authorize(actor, "console.read");
  const filter = {
    ...(state ? { state } : {}),
    ...(kind ? { kind } : {}),
    ...LIVE_ROW,
    // ChannelRequest.providerId, kept by the database: an index range rather than a join per row.
    ...(providerId ? { providerId } : {}),
  };
  const { items, ...paging } = await readKeysetPage({
    query,
    pageSize: ADMIN_PAGE_SIZE,
    key: { field: "requestedAt", direction: state === "PENDING" ? "asc" : "desc", kind: "date" },
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
              approvedContent: true,
              provider: { select: { id: true, name: true } },
            },
          },
        },
      }),
  });
  return {
    ...paging,
    requests: items.map(({ body, channel: { approvedContent, ...channel }, ...request }) => {
      const submitted = parseContent(body);
      return {
        ...request,
        name: submitted.name.translation,
        channel,
        changes: diffContent(approvedContent ? parseContent(approvedContent) : null, submitted),
      };
    }),
  };
}
