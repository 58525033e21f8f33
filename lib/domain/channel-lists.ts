/**
 * The channel lists of both portals: one page of channels, most recently changed first (index
 * providerId, updatedAt), with what a row shows — the requested name, status, approval, provider,
 * the pending request, and the reason its newest request was rejected, if it was. The callers decide what `where` may see (a provider: only its own).
 */
import { db } from "../db";
import type { Prisma } from "../db/generated/sqlite/client";
import type { ChannelContent } from "./channel-content";
import { pageWindow } from "./paging";

export async function pageOfChannels(
  where: Prisma.ChannelWhereInput,
  page: number | undefined,
  pageSize: number,
) {
  const paging = pageWindow(page, pageSize);
  const [total, rows] = await Promise.all([
    db().channel.count({ where }),
    db().channel.findMany({
      where,
      orderBy: [{ updatedAt: "desc" }, { id: "asc" }],
      skip: paging.skip,
      take: paging.take,
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
  ]);
  return {
    total,
    page: paging.page,
    pageSize: paging.pageSize,
    items: rows.map(({ requestedContent, requests, ...row }) => ({
      ...row,
      name: (JSON.parse(requestedContent) as ChannelContent).name.translation,
      pending: requests[0] ?? null,
    })),
  };
}
