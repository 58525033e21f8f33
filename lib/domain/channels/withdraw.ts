/**
 * A provider withdraws its channel's pending request (issue 30, finding 9): it asked for something it
 * no longer wants reviewed. One transaction, like a decision (lib/domain/channels/decide-request.ts):
 *  - the request becomes WITHDRAWN (conditional on PENDING: of a withdrawal and a decision racing,
 *    one wins and the other is told), with who withdrew it and when; it leaves the review queue,
 *    which lists PENDING requests only, and can no longer be decided;
 *  - the channel goes back to where it was before the request, as a rejection leaves it: a request
 *    that changed the status restores the status it replaced; a withdrawn create leaves the channel
 *    REQUESTED and unapproved. Unlike a rejection, there is nothing to fix and resend: an approved
 *    channel's requested content goes back to its approved content (the edit form then starts from
 *    what is live, not from the change the provider took back), and `withdrawnAt` records it so that
 *    a never-approved channel reads as withdrawn (./standing.ts) until its next request;
 *  - the audit entry, "request.withdrawn", as the decisions write theirs.
 * No DELIVERY_CHANNEL_STATUS_UPDATED: that event tells the provider the platform's decision
 * (`Approved` or `Rejected`, ../shared/spec/accessrc-facts.md); a withdrawal is the provider's own act,
 * and calling it "Rejected" would tell its receiver something that did not happen. No letter either.
 *
 * Tenant isolation: the request is looked up under the actor's organisation and the channel the page
 * named, so another provider's request is not found, whatever its id.
 */
import { say, type ValidationKey } from "../../contract/validation-messages";
import { db, type Tx, takeWriteLock } from "../../db";
import { recordAudit } from "../audit";
import { conflict, notFound } from "../errors";
import { type Actor, authorizeProvider } from "../permissions";
import { parseContent } from "../stored-channel-content";
import { requestedColumns } from "./columns";

/** Why a request that is no longer pending cannot be withdrawn, a whole sentence for each state. */
const NOT_PENDING: Record<string, ValidationKey> = {
  APPROVED: "withdrawAlreadyApproved",
  REJECTED: "withdrawAlreadyRejected",
  SUPERSEDED: "withdrawSuperseded",
  WITHDRAWN: "requestAlreadyWithdrawn",
};

export async function withdrawChannelRequest(
  actor: Actor,
  {
    providerDeliveryChannelId,
    channelRequestId,
  }: { providerDeliveryChannelId: string; channelRequestId: string },
  withdrawnAt = new Date(),
) {
  const providerId = authorizeProvider(actor, "provider.channels.edit");
  return db().$transaction(async (tx) => {
    await takeWriteLock(tx);
    const request = await tx.channelRequest.findFirst({
      where: { id: channelRequestId, channel: { providerId, providerDeliveryChannelId } },
      select: {
        id: true,
        kind: true,
        state: true,
        previousStatus: true,
        channel: { select: { id: true, approvedContent: true } },
      },
    });
    if (!request) throw notFound(say("noSuchChannelRequest"));
    if (request.state !== "PENDING")
      throw conflict(say(NOT_PENDING[request.state] ?? "requestDecidedMeanwhile"));
    const { approvedContent } = request.channel;
    // The channel's row first, as Update and retiring write it (./requests.ts, ./retire.ts): the
    // same lock order, so a concurrent update of the channel waits instead of deadlocking. Then the
    // request, conditionally: if a decision or a newer request took it meanwhile, all is undone.
    await tx.channel.update({
      where: { id: request.channel.id },
      data: {
        withdrawnAt,
        ...(approvedContent !== null ? requestedColumns(parseContent(approvedContent)) : {}),
        ...(request.previousStatus ? { status: request.previousStatus } : {}),
      },
    });
    await markWithdrawn(tx, actor, { ...request, channelId: request.channel.id }, withdrawnAt);
    return { channelRequestId: request.id, kind: request.kind, state: "WITHDRAWN" as const };
  });
}

/**
 * Marks a pending request WITHDRAWN and writes its audit entry; the caller puts the channel back
 * (here, and retiring a channel, ./retire.ts). Conditional on PENDING: a decision that won the race
 * makes it a conflict.
 */
export async function markWithdrawn(
  tx: Tx,
  actor: Actor,
  request: { id: string; kind: string; channelId: string },
  withdrawnAt: Date,
) {
  const { count } = await tx.channelRequest.updateMany({
    where: { id: request.id, state: "PENDING" },
    data: { state: "WITHDRAWN", decidedAt: withdrawnAt, decidedBy: actor.personId ?? actor.id },
  });
  if (count !== 1) throw conflict(say("requestDecidedMeanwhile"));
  await recordAudit(tx, actor, {
    action: "request.withdrawn",
    subjectType: "ChannelRequest",
    subjectId: request.id,
    detail: { kind: request.kind, channelId: request.channelId },
    before: { state: "PENDING" },
    after: { state: "WITHDRAWN" },
  });
}
