/**
 * Delivery channels and the requests that change them. Create and Update do not change approved
 * content: they record a request (kind, body, state) that an administrator later approves. Rules
 * (README "Channel semantics"):
 *  - a channel id is unique per provider; other providers' channels are invisible (404);
 *  - Create starts a channel REQUESTED whatever status was sent; an existing id is a 409;
 *  - Update replaces the requested content with the full body (omitted optional fields are cleared
 *    when it is applied), supersedes every earlier pending request, and applies a status of
 *    OFFLINE/ONLINE at once; REQUESTED is refused; an update that changes nothing but the status is
 *    recorded as an UPDATE_STATUS request;
 *  - View shows the approved content once there is one, the requested content before that.
 */
import type { ChannelBody, ChannelStatus, ChannelView } from "../contract/channel";
import { REQUEST_TYPES, type RequestKind, type RequestReceipt, isoSeconds } from "../contract/envelope";
import { conflict, invalid, notFound } from "./errors";
import { db, isRecordNotFound, isUniqueViolation } from "../db";

/** The content of a channel: the body without status, which lives on the channel itself. */
export type ChannelContent = Omit<ChannelBody, "status">;

/** Every top-level field present, null where the provider sent nothing: View's shape, and canonical. */
export function completeContent(
  body: ChannelBody | ChannelContent,
): Omit<ChannelView, "isApproved" | "status"> {
  return {
    providerDeliveryChannelId: body.providerDeliveryChannelId,
    name: body.name,
    shortDescription: body.shortDescription ?? null,
    landingPage: body.landingPage,
    contacts: body.contacts ?? null,
    callCenter: body.callCenter ?? null,
    availability: body.availability,
    budget: body.budget ?? null,
    deliveryOptions: body.deliveryOptions ?? null,
  };
}

const serializeContent = (body: ChannelBody) => JSON.stringify(completeContent(body));

function receipt(kind: RequestKind, providerDeliveryChannelId: string, requestedAt: Date): RequestReceipt {
  const verb = kind === "CREATE" ? "create" : kind === "UPDATE" ? "update" : "update status";
  return {
    message: `Delivery channel ${verb} request created successfully`,
    providerDeliveryChannelId,
    date: isoSeconds(new Date()),
    requestType: REQUEST_TYPES[kind],
    requestedDate: isoSeconds(requestedAt),
  };
}

export async function requestChannelCreate(providerId: string, body: ChannelBody, receivedAt = new Date()) {
  const content = serializeContent(body);
  try {
    await db().channel.create({
      data: {
        providerId,
        providerDeliveryChannelId: body.providerDeliveryChannelId,
        status: "REQUESTED",
        requestedContent: content,
        requests: { create: { kind: "CREATE", body: content, requestedAt: receivedAt } },
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw conflict(
        `A delivery channel with providerDeliveryChannelId "${body.providerDeliveryChannelId}" already exists. Use Update to change it.`,
      );
    }
    throw error;
  }
  return receipt("CREATE", body.providerDeliveryChannelId, receivedAt);
}

export async function requestChannelUpdate(providerId: string, body: ChannelBody, receivedAt = new Date()) {
  if (body.status === "REQUESTED") {
    throw invalid("status", "an update can set status only to OFFLINE or ONLINE");
  }
  const content = serializeContent(body);
  const newStatus: ChannelStatus | undefined = body.status ?? undefined;
  const where = {
    providerId_providerDeliveryChannelId: {
      providerId,
      providerDeliveryChannelId: body.providerDeliveryChannelId,
    },
  };
  const kind = await db().$transaction(async (tx) => {
    // Touching the row first takes its lock (PostgreSQL) so that concurrent updates of one channel
    // run one after the other and exactly one request stays PENDING; SQLite serializes writes anyway.
    const channel = await tx.channel
      .update({ where, data: { updatedAt: receivedAt }, select: { id: true, requestedContent: true } })
      .catch((error: unknown) => {
        if (!isRecordNotFound(error)) throw error;
        throw notFound(
          `No delivery channel with providerDeliveryChannelId "${body.providerDeliveryChannelId}".`,
        );
      });
    const kind: RequestKind = newStatus && content === channel.requestedContent ? "UPDATE_STATUS" : "UPDATE";
    await tx.channelRequest.updateMany({
      where: { channelId: channel.id, state: "PENDING" },
      data: { state: "SUPERSEDED", decidedAt: receivedAt, reason: "Superseded by a newer request" },
    });
    await tx.channelRequest.create({
      data: { channelId: channel.id, kind, body: content, requestedAt: receivedAt },
    });
    await tx.channel.update({
      where: { id: channel.id },
      data: { requestedContent: content, ...(newStatus ? { status: newStatus } : {}) },
    });
    return kind;
  });
  return receipt(kind, body.providerDeliveryChannelId, receivedAt);
}

export async function viewChannel(
  providerId: string,
  providerDeliveryChannelId: string,
): Promise<ChannelView> {
  const channel = await db().channel.findUnique({
    where: { providerId_providerDeliveryChannelId: { providerId, providerDeliveryChannelId } },
    select: { approvedContent: true, requestedContent: true, isApproved: true, status: true },
  });
  if (!channel)
    throw notFound(`No delivery channel with providerDeliveryChannelId "${providerDeliveryChannelId}".`);
  const content = JSON.parse(channel.approvedContent ?? channel.requestedContent) as ChannelContent;
  return {
    ...completeContent(content),
    isApproved: channel.isApproved,
    status: channel.status as ChannelStatus,
  };
}

/** A channel's requests, newest first: the history the approval queue and portal build on. */
export function channelRequestHistory(providerId: string, providerDeliveryChannelId: string) {
  return db().channelRequest.findMany({
    where: { channel: { providerId, providerDeliveryChannelId } },
    orderBy: { requestedAt: "desc" },
    select: {
      id: true,
      kind: true,
      state: true,
      requestedAt: true,
      decidedAt: true,
      reason: true,
      body: true,
    },
  });
}
