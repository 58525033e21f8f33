/**
 * Administrators' decisions on channel requests. A decision is one transaction: the request's state
 * and decider, what the decision implies for the channel, an audit entry, the
 * DELIVERY_CHANNEL_STATUS_UPDATED event in the outbox and, on approval, the translation jobs. So a
 * committed decision always has its event and its jobs, and a failed one leaves no trace.
 *
 * What a decision does to the channel (docs/approvals-and-translations.md "Approvals and translations"), the lifecycle rule:
 *  - approving any request (it is always the channel's newest: newer ones supersede it) makes its
 *    body the approved content and the channel approved, with the status the request left it in;
 *    a REQUESTED channel becomes ONLINE. So an Approved event always goes with isApproved: true;
 *  - rejecting leaves the approved content as it was; a rejected request that changed the status
 *    (an update with OFFLINE/ONLINE) restores the status it replaced; a rejected create leaves the
 *    channel REQUESTED and unapproved. The reason stays on the channel until its next request;
 *  - only a PENDING request can be decided: a superseded, already decided or withdrawn (by its
 *    provider, lib/domain/channels/withdraw.ts) one is a conflict;
 *  - a reviewer who belongs to the channel's provider organisation cannot decide its requests;
 *  - a sandbox's requests are decided by the sandbox worker alone (lib/domain/sandbox/test-mode.ts), and it
 *    decides nothing else; test-mode approvals queue no translation jobs.
 */
import { translationLanguages } from "../../config";
import { MAX_REASON_LENGTH } from "../../contract/decision";
import { isoSeconds, REQUEST_TYPES, type RequestKind } from "../../contract/envelope-schema";
import { say, type ValidationKey } from "../../contract/validation-messages";
import type { ChannelStatusUpdated } from "../../contract/webhook-payloads";
import { db, type Tx, takeWriteLock } from "../../db";
import { notifyOutboxWritten } from "../../infrastructure/outbox-signal";
import { recordAudit } from "../audit";
import { conflict, forbidden, invalid, notFound } from "../errors";
import { SANDBOX_DECIDER } from "../live-scope";
import { decisionLetter, providerRecipients, queueMail } from "../notifications";
import { type Actor, authorize } from "../permissions";
import { channelName, parseContent } from "../stored-channel-content";
import { queueTranslationJobs } from "../translations";
import { queueEvent } from "../webhooks";
import { approvedColumns, requestedColumns } from "./columns";

export type ChannelRequestDecision = { approve: true } | { approve: false; reason: string };

/** Test seam: runs inside the transaction after the channel is changed (to prove atomicity). */
export interface ChannelRequestDecisionHooks {
  afterChannelUpdate?: (tx: Tx) => Promise<void>;
}

/**
 * Decides a pending request as `actor`: a reviewer in the console, or the sandbox worker
 * (systemActor("sandbox"), SANDBOX_DECIDER) for test-mode requests.
 */
export async function decideChannelRequest(
  actor: Actor,
  requestId: string,
  decision: ChannelRequestDecision,
  hooks: ChannelRequestDecisionHooks = {},
) {
  authorize(actor, "channels.decide");
  const reason = decision.approve ? null : checkedReason(decision.reason);
  const decidedAt = new Date();
  const decided = await db().$transaction(async (tx) => {
    await takeWriteLock(tx);
    const request = await pendingRequest(tx, requestId, actor);
    // Conditional on PENDING: of two decisions (or a decision and a newer update) racing, one wins.
    const { count } = await tx.channelRequest.updateMany({
      where: { id: request.id, state: "PENDING" },
      data: {
        state: decision.approve ? "APPROVED" : "REJECTED",
        decidedAt,
        decidedBy: actor.personId ?? actor.id,
        reason,
      },
    });
    if (count !== 1) throw conflict(say("requestDecidedMeanwhile"));

    if (decision.approve) await applyApprovedRequest(tx, request);
    else {
      await tx.channel.update({
        where: { id: request.channel.id },
        data: {
          rejectionReason: reason,
          ...(request.previousStatus ? { status: request.previousStatus } : {}),
        },
      });
    }
    await hooks.afterChannelUpdate?.(tx);

    const event: ChannelStatusUpdated = {
      providerDeliveryChannelId: request.channel.providerDeliveryChannelId,
      status: decision.approve ? "Approved" : "Rejected",
      message: reason ?? "",
      requestType: REQUEST_TYPES[request.kind as RequestKind],
      requestedDate: isoSeconds(request.requestedAt),
    };
    await queueEvent(tx, request.channel.providerId, "DELIVERY_CHANNEL_STATUS_UPDATED", event);
    // A sandbox's requests are its own test data: its users hear of them through its webhooks only.
    if (!request.channel.provider.sandboxOfId) {
      const letter = decisionLetter({
        channelName: channelName(request.body, request.channel.providerDeliveryChannelId),
        providerDeliveryChannelId: request.channel.providerDeliveryChannelId,
        requestType: event.requestType,
        approved: decision.approve,
        reason,
      });
      await queueMail(
        tx,
        "channel_decision",
        await providerRecipients(tx, request.channel.providerId),
        letter,
      );
    }
    await recordAudit(tx, actor, {
      action: decision.approve ? "request.approved" : "request.rejected",
      subjectType: "ChannelRequest",
      subjectId: request.id,
      detail: { kind: request.kind, channelId: request.channel.id, reason },
      before: { state: "PENDING" },
      after: { state: decision.approve ? "APPROVED" : "REJECTED" },
    });
    return { requestId: request.id, state: decision.approve ? "APPROVED" : "REJECTED", event };
  });
  notifyOutboxWritten();
  return decided;
}

function checkedReason(reason: string): string {
  const trimmed = reason.trim();
  if (!trimmed) throw invalid("reason", say("rejectionNeedsReason"));
  if (trimmed.length > MAX_REASON_LENGTH) {
    throw invalid("reason", say("mustBeAtMostCharacters", { max: MAX_REASON_LENGTH }));
  }
  return trimmed;
}

/** A decided request's refusal, a whole sentence for each outcome (SUPERSEDED has its own). */
const ALREADY_DECIDED: Partial<Record<string, ValidationKey>> = {
  APPROVED: "requestAlreadyApproved",
  REJECTED: "requestAlreadyRejected",
  WITHDRAWN: "requestWithdrawnByProvider",
};

async function pendingRequest(tx: Tx, requestId: string, actor: Actor) {
  const request = await tx.channelRequest.findUnique({
    where: { id: requestId },
    include: {
      channel: {
        select: {
          id: true,
          providerId: true,
          providerDeliveryChannelId: true,
          status: true,
          provider: { select: { sandboxOfId: true } },
        },
      },
    },
  });
  // Test data is invisible to administrators, and the sandbox worker touches nothing live.
  const sandbox = Boolean(request?.channel.provider.sandboxOfId);
  if (!request || sandbox !== (actor.id === SANDBOX_DECIDER.id)) throw notFound(say("noSuchChannelRequest"));
  if (actor.memberOf && actor.memberOf === request.channel.providerId) {
    throw forbidden(say("ownOrganisationAnotherReviewerDecides"));
  }
  if (request.state === "SUPERSEDED") {
    throw conflict(say("requestSupersededDecideNewer"));
  }
  if (request.state !== "PENDING")
    throw conflict(say(ALREADY_DECIDED[request.state] ?? "requestDecidedMeanwhile"));
  return request;
}

type PendingRequest = Awaited<ReturnType<typeof pendingRequest>>;

/** The same for every kind: an update-status's body is the approved content with a new status. */
async function applyApprovedRequest(tx: Tx, request: PendingRequest) {
  const content = parseContent(request.body);
  await tx.channel.update({
    where: { id: request.channel.id },
    data: {
      // The pending request is the newest, so its body is the requested content already; writing
      // the columns again keeps one write path for everything derived from content.
      ...requestedColumns(content),
      ...approvedColumns(request.body),
      isApproved: true,
      rejectionReason: null,
      ...(request.channel.status === "REQUESTED" ? { status: "ONLINE" } : {}),
    },
  });
  // An update-status changes no text: the translations of the approved content stand. Test data
  // costs no translator calls.
  if (request.kind !== "UPDATE_STATUS" && !request.channel.provider.sandboxOfId) {
    await queueTranslationJobs(tx, request.channel.id, content, translationLanguages());
  }
}
