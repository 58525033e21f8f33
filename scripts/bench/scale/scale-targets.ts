/**
 * What bench:scale requests: every list and detail page of the provider portal (as the provider's
 * owner) and the admin console (as an administrator), the provider API (with the provider's key) and
 * the platform API's lists (with the administrator's token). Ids are read from the seeded database.
 * A target whose subject does not exist yet (no delivery request at 0 deliveries) is left out of that size.
 * The writes at volume follow them (scripts/bench/scale/scale-writes.ts).
 */
import { randomUUID } from "node:crypto";
import { db } from "../../../lib/db";
import { channelBody, LOOKUPS_BODY } from "../request-bodies";
import { RARE_COUNTRY, RARE_WORD } from "./scale-channels";
import type { World } from "./scale-world";

export type Auth = "owner" | "admin" | "key" | "token";

export interface Target {
  name: string;
  auth: Auth;
  path: string;
  method?: "GET" | "POST";
  body?: () => string;
  /** Each request's own path, when it differs per call (a refund of the next delivery). */
  url?: () => string;
  /** A list page: its pager's Next link is measured too, as "<name> → next". */
  list?: boolean;
  /** An answer that is a 200 but says the work failed (a stream's last line): its status gets a "!". */
  failed?: (text: string) => boolean;
}

const PLATFORM = "/api/platform/v1";
/** A statement's period that holds every delivery seeded: the most a statement reads. */
const ALL_TIME = "from=2020-01-01&to=2099-12-31";

async function ids(world: World) {
  const channel = world.target
    ? await db().channel.findUniqueOrThrow({ where: { id: world.target.channelId } })
    : await db().channel.findFirstOrThrow({
        where: { providerId: world.providerId },
        orderBy: { id: "asc" },
      });
  const pending = await db().channelRequest.findFirst({
    where: { state: "PENDING" },
    orderBy: { requestedAt: "desc" },
  });
  const program = world.target?.programId;
  const deliveryRequest = program
    ? await db().deliveryRequest.findFirst({ where: { programId: program }, orderBy: { createdAt: "desc" } })
    : null;
  const delivery = deliveryRequest
    ? await db().delivery.findFirst({ where: { deliveryRequestId: deliveryRequest.id } })
    : null;
  return { channel, pending, program, deliveryRequest, delivery };
}

function portalPages(pdcId: string, apiKeyId: string): Target[] {
  return [
    { name: "/channels", auth: "owner", path: "/channels", list: true },
    { name: `/channels?q=${RARE_WORD}`, auth: "owner", path: `/channels?q=${RARE_WORD}`, list: true },
    { name: "/channels/<id>", auth: "owner", path: `/channels/${pdcId}` },
    { name: "/channels/<id>/edit", auth: "owner", path: `/channels/${pdcId}/edit` },
    { name: "/channels/new", auth: "owner", path: "/channels/new" },
    { name: "/keys", auth: "owner", path: "/keys", list: true },
    { name: "/keys/<id>", auth: "owner", path: `/keys/${apiKeyId}`, list: true },
    { name: "/team", auth: "owner", path: "/team", list: true },
    { name: "/webhooks", auth: "owner", path: "/webhooks" },
    { name: "/webhooks/deliveries", auth: "owner", path: "/webhooks/deliveries", list: true },
    { name: "/webhooks/events", auth: "owner", path: "/webhooks/events", list: true },
    // Issue 32: the provider's statement over every delivery it was ever sent.
    { name: "/statement (all time)", auth: "owner", path: `/statement?${ALL_TIME}` },
  ];
}

function consolePages(world: World, found: Awaited<ReturnType<typeof ids>>): Target[] {
  const { channel, pending, program, deliveryRequest } = found;
  const pages: Target[] = [
    { name: "/admin", auth: "admin", path: "/admin" },
    { name: "/admin/channels", auth: "admin", path: "/admin/channels", list: true },
    {
      name: "/admin/channels?status=ONLINE&country=BG",
      auth: "admin",
      path: "/admin/channels?status=ONLINE&country=BG",
      list: true,
    },
    {
      name: `/admin/channels?country=${RARE_COUNTRY}`,
      auth: "admin",
      path: `/admin/channels?country=${RARE_COUNTRY}`,
      list: true,
    },
    {
      name: "/admin/channels?request=rejected",
      auth: "admin",
      path: "/admin/channels?request=rejected",
      list: true,
    },
    {
      name: "/admin/channels?providerId=<p>",
      auth: "admin",
      path: `/admin/channels?providerId=${world.providerId}`,
      list: true,
    },
    { name: "/admin/channels/<id>", auth: "admin", path: `/admin/channels/${channel.id}` },
    { name: "/admin/requests", auth: "admin", path: "/admin/requests", list: true },
    {
      name: "/admin/requests?providerId=<p>",
      auth: "admin",
      path: `/admin/requests?providerId=${world.providerId}`,
      list: true,
    },
    { name: "/admin/requests?kind=UPDATE", auth: "admin", path: "/admin/requests?kind=UPDATE", list: true },
    { name: "/admin/approvals", auth: "admin", path: "/admin/approvals", list: true },
    { name: "/admin/programs", auth: "admin", path: "/admin/programs", list: true },
    { name: "/admin/deliveries", auth: "admin", path: "/admin/deliveries", list: true },
    {
      name: "/admin/eligibility?category=CASH&country=BG",
      auth: "admin",
      path: "/admin/eligibility?category=CASH&country=BG",
      list: true,
    },
    {
      name: `/admin/eligibility?category=CASH&country=${RARE_COUNTRY}`,
      auth: "admin",
      path: `/admin/eligibility?category=CASH&country=${RARE_COUNTRY}`,
      list: true,
    },
    { name: "/admin/audit", auth: "admin", path: "/admin/audit", list: true },
    {
      name: "/admin/audit?action=request.approved",
      auth: "admin",
      path: "/admin/audit?action=request.approved",
      list: true,
    },
    { name: "/admin/providers", auth: "admin", path: "/admin/providers", list: true },
    { name: "/admin/providers/<id>", auth: "admin", path: `/admin/providers/${world.providerId}` },
    { name: "/admin/users", auth: "admin", path: "/admin/users", list: true },
    { name: "/admin/tokens", auth: "admin", path: "/admin/tokens" },
    {
      name: "/admin/statement?provider=<p> (all time)",
      auth: "admin",
      path: `/admin/statement?provider=${world.providerId}&${ALL_TIME}`,
    },
  ];
  if (pending)
    pages.push({ name: "/admin/requests/<id>", auth: "admin", path: `/admin/requests/${pending.id}` });
  if (program)
    pages.push({
      name: "/admin/programs/<id>",
      auth: "admin",
      path: `/admin/programs/${program}`,
      list: true,
    });
  if (program && deliveryRequest)
    pages.push({
      name: "/admin/programs/<id>/requests/<id>",
      auth: "admin",
      path: `/admin/programs/${program}/requests/${deliveryRequest.id}`,
      list: true,
    });
  return pages;
}

function providerApi(found: Awaited<ReturnType<typeof ids>>): Target[] {
  const { channel, deliveryRequest, delivery } = found;
  const api: Target[] = [
    { name: "API View", auth: "key", path: `/api/DeliveryChannel/Get/${channel.providerDeliveryChannelId}` },
    {
      name: "API GetLookUpValues",
      auth: "key",
      path: "/api/ClientSetting/GetLookUpValues",
      method: "POST",
      body: () => LOOKUPS_BODY,
    },
    {
      name: "API Create",
      auth: "key",
      path: "/api/DeliveryChannel/Create",
      method: "POST",
      body: () => channelBody(randomUUID()),
    },
    {
      name: "API Reconciliation/Statement (all time)",
      auth: "key",
      path: "/api/Reconciliation/Statement",
      method: "POST",
      body: () => JSON.stringify({ from: "2020-01-01", to: "2099-12-31" }),
    },
  ];
  if (deliveryRequest) {
    const body = {
      deliveryRequestId: deliveryRequest.id,
      providerDeliveryRequestId: "SCALE-1",
      status: "SENT_TO_SERVICE_PROVIDER",
    };
    api.push({
      name: "API DeliveryRequest/Sync",
      auth: "key",
      path: "/api/DeliveryRequest/Sync",
      method: "POST",
      body: () => JSON.stringify(body),
    });
  }
  if (delivery) {
    const item = {
      deliveryId: delivery.id,
      providerDeliveryId: "SCALE-TX-1",
      status: "DELIVERY_READY_TO_COLLECT",
    };
    api.push({
      name: "API Delivery/Sync",
      auth: "key",
      path: "/api/Delivery/Sync",
      method: "POST",
      body: () => JSON.stringify({ deliveryList: [item] }),
    });
  }
  return api;
}

function platformApi(program: string | undefined): Target[] {
  const lists = [
    "/channels",
    "/channel-requests",
    "/programs",
    "/providers",
    "/audit",
    "/approvals",
    "/webhook-events",
  ];
  if (program) lists.push(`/programs/${program}/delivery-requests`);
  return lists.map((path) => ({
    name: `platform GET ${path.replace(program ?? "\0", "<id>")}`,
    auth: "token" as const,
    path: PLATFORM + path,
  }));
}

export async function targets(world: World): Promise<Target[]> {
  const found = await ids(world);
  return [
    ...portalPages(found.channel.providerDeliveryChannelId, world.apiKeyId),
    ...consolePages(world, found),
    ...providerApi(found),
    ...platformApi(found.program),
  ];
}
