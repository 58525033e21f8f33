/**
 * Reads the platform API needs beside the console's own (docs/platform-api.md "Platform API"): a program's
 * delivery requests page by page, a delivery request's program.
 * Live programs only, as the console shows them.
 */
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { notFound } from "../errors";
import { LIVE_PROGRAM } from "../live-scope";
import { type PageQuery, readKeysetPage } from "../paging";
import { type Actor, authorize } from "../permissions";
import { channelName } from "../stored-channel-content";
import { requireLiveProgram } from "./manage-programs";

const PAGE_SIZE = 50;

export async function programDeliveryRequests(actor: Actor, programId: string, query: PageQuery = {}) {
  authorize(actor, "console.read");
  const { requestCount } = await requireLiveProgram(programId);
  const filter = { programId };
  const { items, ...paging } = await readKeysetPage({
    query,
    pageSize: PAGE_SIZE,
    key: { field: "createdAt", direction: "desc", kind: "date" },
    table: db().deliveryRequest,
    filter,
    // Kept by the database as requests are written: counting them read up to 10,000 index entries.
    count: async () => ({ total: requestCount, totalCapped: false }),
    rows: ({ where, orderBy, take }) =>
      db().deliveryRequest.findMany({
        where,
        orderBy,
        take,
        include: {
          channel: { select: { id: true, providerDeliveryChannelId: true, approvedContent: true } },
        },
      }),
  });
  return {
    ...paging,
    items: items.map(({ channel: { approvedContent, ...channel }, deliveryCount, ...request }) => ({
      ...request,
      deliveries: deliveryCount,
      channel: { ...channel, name: channelName(approvedContent, channel.providerDeliveryChannelId) },
    })),
  };
}

/** The program a live delivery request belongs to; 404 for none. */
export async function programOfDeliveryRequest(actor: Actor, deliveryRequestId: string): Promise<string> {
  authorize(actor, "console.read");
  const request = await db().deliveryRequest.findFirst({
    where: { id: deliveryRequestId, program: LIVE_PROGRAM },
    select: { programId: true },
  });
  if (!request) throw notFound(say("noSuchDeliveryRequest"));
  return request.programId;
}
