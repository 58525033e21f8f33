/**
 * Create and Update: the requests that change a delivery channel. They do not change approved
 * content: they record a request (kind, body, state) that an administrator later approves. Rules
 * (docs/api.md "Channel semantics"):
 *  - a channel id is unique per provider; other providers' channels are invisible (404);
 *  - Create starts a channel REQUESTED whatever status was sent; an existing id is a 409;
 *  - Update replaces the requested content with the full body (omitted optional fields are cleared
 *    when it is applied), supersedes every earlier pending request, and applies a status of
 *    OFFLINE/ONLINE at once; REQUESTED is refused, and so is any update of a retired channel (a 400);
 *  - the lifecycle rule: the newest request carries the full requested content, and approving it
 *    makes exactly that content approved (decide-request.ts). So a request is UPDATE_STATUS only
 *    when its content equals the *approved* content: a channel never approved has none.
 */
import type { ChannelBody, ChannelStatus } from "../../contract/channel";
import {
  isoSeconds,
  REQUEST_TYPES,
  type RequestKind,
  type RequestReceipt,
} from "../../contract/envelope-schema";
import { say } from "../../contract/validation-messages";
import {
  DuplicateChannelError,
  db,
  insertChannel,
  isRecordNotFound,
  journalEntry,
  newChannelId,
} from "../../db";
import { formatDateTime } from "../../format";
import { auditRow, recordAudit } from "../audit";
import { conflict, invalid, notFound } from "../errors";
import { type Actor, authorizeProvider } from "../permissions";
import { parseContent, sameContent } from "../stored-channel-content";
import { requestedColumns } from "./columns";

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

/** What an audit entry says of a channel's requested content: enough to recognise it, not all of it. */
const contentSummary = (body: ChannelBody, status: ChannelStatus) => ({
  providerDeliveryChannelId: body.providerDeliveryChannelId,
  name: body.name.translation,
  status,
});

export async function requestChannelCreate(actor: Actor, body: ChannelBody, receivedAt = new Date()) {
  const providerId = authorizeProvider(actor, "provider.channels.edit");
  // A retry of a create that committed before its answer was stored answers that create's receipt.
  const step = journalEntry({ receivedAt });
  if (step && "replay" in step)
    return receipt("CREATE", body.providerDeliveryChannelId, step.replay.receivedAt);
  const columns = requestedColumns(body);
  const id = newChannelId();
  // Built here, in the caller's request: the batch writer chains it in the batch's transaction.
  const audit = auditRow(actor, {
    action: "channel.created",
    subjectType: "Channel",
    subjectId: id,
    after: contentSummary(body, "REQUESTED"),
  });
  // Written in a batch with the creates that arrive meanwhile (group commit, lib/db/insert-channel.ts).
  await insertChannel({
    id,
    providerId,
    providerDeliveryChannelId: body.providerDeliveryChannelId,
    columns,
    receivedAt,
    audit,
    journal: step?.record,
  }).catch((error: unknown) => {
    if (error instanceof DuplicateChannelError)
      throw conflict(say("channelIdTaken", { id: body.providerDeliveryChannelId }));
    throw error;
  });
  step?.committed();
  return receipt("CREATE", body.providerDeliveryChannelId, receivedAt);
}

/**
 * `unchangedIsNothing`: the portal's form, saved without a change, files no request (issue 30,
 * finding 9): a new identical request would supersede the pending one and restart its review, and
 * one identical to the approved content would ask a reviewer to approve nothing. The API keeps the
 * contract's rule, a newer request overrides the pending one whatever it holds.
 */
export async function requestChannelUpdate(
  actor: Actor,
  body: ChannelBody,
  receivedAt = new Date(),
  { unchangedIsNothing = false }: { unchangedIsNothing?: boolean } = {},
) {
  const providerId = authorizeProvider(actor, "provider.channels.edit");
  if (body.status === "REQUESTED") {
    throw invalid("status", say("updateSetsStatusOnlyOfflineOrOnline"));
  }
  const columns = requestedColumns(body);
  const content = columns.requestedContent;
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
      .update({
        where,
        data: { updatedAt: receivedAt },
        select: {
          id: true,
          approvedContent: true,
          status: true,
          requestedContent: true,
          retiredAt: true,
          requests: { where: { state: "PENDING" }, select: { requestedAt: true }, take: 1 },
        },
      })
      .catch((error: unknown) => {
        if (!isRecordNotFound(error)) throw error;
        throw notFound(say("noChannelWithId", { id: body.providerDeliveryChannelId }));
      });
    // A retired channel is out of service for good (./retire.ts): nothing can be asked for it. The
    // API answers the contract's 400, the error envelope of a request it refuses.
    if (channel.retiredAt) {
      throw invalid(
        "providerDeliveryChannelId",
        say("channelRetired", { id: body.providerDeliveryChannelId }),
      );
    }
    if (unchangedIsNothing && !newStatus) refuseUnchanged(content, channel);
    // Only a status change of the approved content is a status change: anything else must be
    // reviewed as content, since approving this request approves its whole body.
    const kind: RequestKind =
      newStatus && channel.approvedContent !== null && sameContent(content, channel.approvedContent)
        ? "UPDATE_STATUS"
        : "UPDATE";
    await tx.channelRequest.updateMany({
      where: { channelId: channel.id, state: "PENDING" },
      data: { state: "SUPERSEDED", decidedAt: receivedAt, reason: "Superseded by a newer request" },
    });
    // The status before a change, so that rejecting the request can restore it (decide-request.ts).
    const previousStatus = newStatus && newStatus !== channel.status ? channel.status : null;
    await tx.channelRequest.create({
      data: {
        channelId: channel.id,
        providerId,
        kind,
        body: content,
        requestedAt: receivedAt,
        previousStatus,
      },
    });
    await tx.channel.update({
      where: { id: channel.id },
      // A new request ends the shown rejection (or withdrawal) of the one before it.
      data: {
        ...columns,
        rejectionReason: null,
        withdrawnAt: null,
        ...(newStatus ? { status: newStatus } : {}),
      },
    });
    await recordAudit(tx, actor, {
      action: "channel.updated",
      subjectType: "Channel",
      subjectId: channel.id,
      detail: { requestKind: kind },
      before: { name: parseContent(channel.requestedContent).name.translation, status: channel.status },
      after: contentSummary(body, newStatus ?? (channel.status as ChannelStatus)),
    });
    return kind;
  });
  return receipt(kind, body.providerDeliveryChannelId, receivedAt);
}

/** Refuses an edit that asks for what is already asked for, or already approved with nothing pending. */
function refuseUnchanged(
  content: string,
  channel: { approvedContent: string | null; requestedContent: string; requests: { requestedAt: Date }[] },
) {
  const [pending] = channel.requests;
  if (pending && sameContent(content, channel.requestedContent))
    throw conflict(say("nothingChangedPending", { date: formatDateTime(pending.requestedAt) }));
  if (!pending && channel.approvedContent !== null && sameContent(content, channel.approvedContent))
    throw conflict(say("nothingChangedApproved"));
}
