/**
 * The console's providers: the filter's choices, the providers page, one provider's page.
 * Administrators see every live provider; sandboxes (test mode) and their data are not theirs to see.
 */
import { db } from "../../db";
import { channelStanding, countChannels } from "../channels";
import { LIVE_PROVIDER } from "../live-scope";
import { type PageQuery, readKeysetPage } from "../paging";
import { type Actor, authorize } from "../permissions";
import { parseContent } from "../stored-channel-content";

/** The live providers by name, for the lists' provider filter: nothing counted. */
export function providerChoices(actor: Actor) {
  authorize(actor, "console.read");
  return db().provider.findMany({
    where: LIVE_PROVIDER,
    orderBy: { name: "asc" },
    select: { id: true, name: true },
  });
}

export const PROVIDERS_PAGE_SIZE = 25;

/**
 * A page of the providers list, by name (index sandboxOfId, name, id): each live provider with its
 * channels counted up to the cap, users, active keys.
 */
export async function providersOverview(actor: Actor, query: PageQuery = {}) {
  authorize(actor, "console.read");
  const { items, ...paging } = await readKeysetPage({
    query,
    pageSize: PROVIDERS_PAGE_SIZE,
    key: { field: "name", direction: "asc", kind: "text" },
    table: db().provider,
    filter: LIVE_PROVIDER,
    rows: ({ where, orderBy, take }) =>
      db().provider.findMany({
        where,
        orderBy,
        take,
        select: {
          id: true,
          name: true,
          createdAt: true,
          _count: { select: { users: true, subscriptions: true } },
          apiKeys: {
            where: { revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: new Date() } }] },
            select: { prefix: true },
            orderBy: { createdAt: "desc" },
          },
        },
      }),
  });
  const counted = items.map(async (provider) => ({
    ...provider,
    channels: await countChannels({ providerId: provider.id }),
  }));
  return { ...paging, items: await Promise.all(counted) };
}

/** A provider with its users, keys, subscriptions and channels (by their requested name, as lists show them). */
export async function providerForAdmin(actor: Actor, providerId: string) {
  authorize(actor, "console.read");
  const provider = await db().provider.findFirst({
    where: { id: providerId, ...LIVE_PROVIDER },
    include: {
      users: { select: { id: true, email: true, name: true, roles: true, createdAt: true } },
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
        select: {
          id: true,
          prefix: true,
          name: true,
          createdAt: true,
          lastUsedAt: true,
          revokedAt: true,
          expiresAt: true,
        },
      },
    },
  });
  if (!provider) return null;
  // Read on their own: a nested `take` under the include is applied after reading every channel.
  const channels = await db().channel.findMany({
    where: { providerId },
    orderBy: { updatedAt: "desc" },
    take: 100,
    select: {
      id: true,
      providerDeliveryChannelId: true,
      status: true,
      isApproved: true,
      requestedContent: true,
      rejectionReason: true,
      withdrawnAt: true,
      retiredAt: true,
      requests: { where: { state: "PENDING" }, select: { kind: true }, take: 1 },
    },
  });
  return {
    ...provider,
    channels: channels.map(({ requestedContent, requests, ...channel }) => ({
      ...channel,
      name: parseContent(requestedContent).name.translation,
      standing: channelStanding({ ...channel, pending: requests[0] ?? null }),
    })),
  };
}
