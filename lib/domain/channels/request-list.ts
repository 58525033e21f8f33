/**
 * Channel requests in any state, each with what it changes against the channel's approved content
 * (the console's review page shows the same diff): the platform API's list. Live providers only,
 * like the console's approval queue (lib/domain/channels/review.ts).
 */
import { db } from "../../db";
import { diffContent } from "../content-diff";
import { readPage } from "../paging";
import { type Actor, authorize } from "../permissions";
import { OF_LIVE_PROVIDER } from "../sandbox-scope";
import { parseContent } from "./content";
import { ADMIN_PAGE_SIZE } from "./lists";

export interface RequestListFilter {
  state?: string;
  providerId?: string;
  kind?: string;
  page?: number;
}

/** Pending requests oldest first (the queue's order); decided ones newest first. */
export async function channelRequestList(actor: Actor, { state, providerId, kind, page }: RequestListFilter) {
  authorize(actor, "console.read");
  const where = {
    ...(state ? { state } : {}),
    ...(kind ? { kind } : {}),
    channel: { ...OF_LIVE_PROVIDER, ...(providerId ? { providerId } : {}) },
  };
  const { items, ...paging } = await readPage(
    page,
    ADMIN_PAGE_SIZE,
    () => db().channelRequest.count({ where }),
    (window) =>
      db().channelRequest.findMany({
        where,
        orderBy: [{ requestedAt: state === "PENDING" ? "asc" : "desc" }, { id: "asc" }],
        ...window,
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
  );
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
