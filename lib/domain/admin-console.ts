/**
 * What the admin console reads: the approval queue, a request under review, all providers'
 * channels, and the providers. Administrators see every provider; decisions go through
 * lib/domain/approvals.ts.
 */
import { availableInCountry, offersCategory } from "./channel-filters";
import { pageOfChannels } from "./channel-lists";
import { db } from "../db";
import { pageWindow } from "./paging";
import type { ChannelContent } from "./channel-content";
import { REQUEST_HISTORY_FIELDS } from "./channels";
import { channelTranslations } from "./translations";

export const ADMIN_PAGE_SIZE = 25;
export const REQUEST_KINDS = ["CREATE", "UPDATE", "UPDATE_STATUS"] as const;

export interface QueueFilter {
  providerId?: string;
  kind?: string;
  /** Only requests waiting at least this many days. */
  olderThanDays?: number;
  page?: number;
}

/** Pending requests, oldest first. */
export async function approvalQueue(
  { providerId, kind, olderThanDays, page = 1 }: QueueFilter,
  now = new Date(),
) {
  const paging = pageWindow(page, ADMIN_PAGE_SIZE);
  const where = {
    state: "PENDING",
    ...(kind ? { kind } : {}),
    ...(providerId ? { channel: { providerId } } : {}),
    ...(olderThanDays ? { requestedAt: { lte: new Date(now.getTime() - olderThanDays * 86_400_000) } } : {}),
  };
  const [total, requests] = await Promise.all([
    db().channelRequest.count({ where }),
    db().channelRequest.findMany({
      where,
      orderBy: { requestedAt: "asc" },
      skip: paging.skip,
      take: paging.take,
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
  ]);
  return {
    total,
    page: paging.page,
    pageSize: paging.pageSize,
    requests: requests.map(({ body, ...request }) => ({
      ...request,
      name: (JSON.parse(body) as ChannelContent).name.translation,
    })),
  };
}

export function pendingRequestCount() {
  return db().channelRequest.count({ where: { state: "PENDING" } });
}

/** A request with what it changes: the submitted content, the approved one, the channel's history. */
export async function requestForReview(requestId: string) {
  const request = await db().channelRequest.findUnique({
    where: { id: requestId },
    include: {
      channel: {
        include: {
          provider: { select: { id: true, name: true } },
          requests: {
            orderBy: { requestedAt: "desc" },
            select: REQUEST_HISTORY_FIELDS,
          },
        },
      },
    },
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
    submitted: JSON.parse(request.body) as ChannelContent,
    approved: channel.approvedContent ? (JSON.parse(channel.approvedContent) as ChannelContent) : null,
    channel: {
      id: channel.id,
      providerDeliveryChannelId: channel.providerDeliveryChannelId,
      status: channel.status,
      isApproved: channel.isApproved,
      provider: channel.provider,
      history: channel.requests,
    },
  };
}

/** The console's filter on a channel's newest request: one awaits a decision, or was rejected. */
export const REQUEST_FILTERS = { pending: "Awaiting a decision", rejected: "Rejected" } as const;

export interface ChannelFilter {
  providerId?: string;
  status?: string;
  approved?: "yes" | "no";
  request?: string;
  category?: string;
  country?: string;
  page?: number;
}

/**
 * All providers' channels, newest change first. Category and country match the requested
 * availability through Channel.availabilityTags: a country filter lists the channels available
 * there (supported, or no supported list, and not excluded), as eligibility reads the lists.
 */
export async function allChannels({
  providerId,
  status,
  approved,
  request,
  category,
  country,
  page = 1,
}: ChannelFilter) {
  const where = {
    ...(providerId ? { providerId } : {}),
    ...(status ? { status } : {}),
    ...(approved ? { isApproved: approved === "yes" } : {}),
    ...(request === "pending" ? { requests: { some: { state: "PENDING" } } } : {}),
    ...(request === "rejected" ? { rejectionReason: { not: null } } : {}),
    AND: [
      ...(category ? [offersCategory(category.toUpperCase())] : []),
      ...(country ? [availableInCountry(country.toUpperCase())] : []),
    ],
  };
  return pageOfChannels(where, page, ADMIN_PAGE_SIZE);
}

export async function adminChannelDetail(channelId: string) {
  const channel = await db().channel.findUnique({
    where: { id: channelId },
    include: {
      provider: { select: { id: true, name: true } },
      requests: {
        orderBy: { requestedAt: "desc" },
        select: REQUEST_HISTORY_FIELDS,
      },
    },
  });
  if (!channel) return null;
  return {
    ...channel,
    content: JSON.parse(channel.approvedContent ?? channel.requestedContent) as ChannelContent,
    translations: await channelTranslations(channel.id),
  };
}

export function providersOverview() {
  return db().provider.findMany({
    orderBy: { name: "asc" },
    select: {
      id: true,
      name: true,
      createdAt: true,
      _count: { select: { channels: true, users: true, subscriptions: true } },
      apiKeys: { where: { revokedAt: null }, select: { prefix: true }, orderBy: { createdAt: "desc" } },
    },
  });
}

/** A provider with its users, keys, subscriptions and channels (by their requested name, as lists show them). */
export async function providerForAdmin(providerId: string) {
  const provider = await db().provider.findUnique({
    where: { id: providerId },
    include: {
      users: { select: { id: true, email: true, name: true, role: true, createdAt: true } },
      channels: {
        orderBy: { updatedAt: "desc" },
        take: 100,
        select: {
          id: true,
          providerDeliveryChannelId: true,
          status: true,
          isApproved: true,
          requestedContent: true,
        },
      },
      subscriptions: {
        select: {
          eventType: true,
          callbackUrl: true,
          authType: true,
          disabledAt: true,
          disabledReason: true,
        },
      },
      apiKeys: {
        orderBy: { createdAt: "desc" },
        select: { id: true, prefix: true, label: true, createdAt: true, lastUsedAt: true, revokedAt: true },
      },
    },
  });
  if (!provider) return null;
  return {
    ...provider,
    channels: provider.channels.map(({ requestedContent, ...channel }) => ({
      ...channel,
      name: (JSON.parse(requestedContent) as ChannelContent).name.translation,
    })),
  };
}

/** The figures of the console's home page. */
export async function consoleCounts() {
  const [pending, channels, providers, translationsWaiting] = await Promise.all([
    pendingRequestCount(),
    db().channel.count(),
    db().provider.count(),
    db().translationJob.count({ where: { state: { in: ["PENDING", "FAILED"] } } }),
  ]);
  return { pending, channels, providers, translationsWaiting };
}
