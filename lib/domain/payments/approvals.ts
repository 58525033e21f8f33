/**
 * Finance approvers' decisions on delivery requests awaiting approval (docs/money.md "Approval policies
 * for money"). Each decision is one transaction that first takes the request's row with a
 * conditional update (WHERE approvalState = PENDING_APPROVAL): on PostgreSQL concurrent decisions on
 * one request queue on that row lock and each re-reads what the others committed, on SQLite writes
 * run one at a time. So of any number of approvals, rejections and the expiry racing, exactly one
 * takes the request out of PENDING_APPROVAL: one DELIVERY_REQUEST_SENT, or one release.
 */
import type { PaymentKind } from "../../contract/forms/payment-approvals";
import { say } from "../../contract/validation-messages";
import { db, type Tx, takeWriteLock } from "../../db";
import { notifyOutboxWritten } from "../../infrastructure/outbox-signal";
import { recordAudit } from "../audit/record";
import { queueRequestSent } from "../deliveries/events";
import { receivesDeliveries } from "../deliveries/serving-channel";
import { conflict, notFound } from "../errors";
import { notifyPaymentDecided } from "../notifications/mail";
import type { Actor } from "../permissions";
import { chargedAccounts, releaseRequest } from "../programs/budgets";
import { approveRefund, rejectRefund } from "./refunds";
import {
  checkedReason,
  decidingPerson,
  insertDecision,
  PENDING,
  refuseOwnOrRepeat,
  refuseUnlessPending,
} from "./rules";

const WHAT: PaymentKind = "deliveryRequest";

export interface DecisionOutcome {
  /** PENDING_APPROVAL (more approvals needed), SENT / REQUESTED (final approval) or REJECTED. */
  state: string;
  approvals: number;
  approvalsRequired: number;
}

/** Approves one payment of either kind (the console's one button). */
export function approvePayment(actor: Actor, kind: PaymentKind, id: string) {
  return kind === "refund" ? approveRefund(actor, id) : approveDeliveryRequest(actor, id);
}

/** Rejects one payment of either kind. */
export function rejectPayment(actor: Actor, kind: PaymentKind, id: string, reason: string) {
  return kind === "refund" ? rejectRefund(actor, id, reason) : rejectDeliveryRequest(actor, id, reason);
}

/**
 * Takes the request's row for this transaction while it awaits approval (the no-op conditional
 * update is the lock), then reads it with its decisions so far, as committed before us.
 */
async function lockedPending(tx: Tx, deliveryRequestId: string) {
  await takeWriteLock(tx);
  const { count } = await tx.deliveryRequest.updateMany({
    where: { id: deliveryRequestId, approvalState: PENDING },
    data: { approvalState: PENDING },
  });
  const request = await tx.deliveryRequest.findFirst({
    where: { id: deliveryRequestId, program: { sandboxFor: null } },
    include: {
      approvals: { select: { approverId: true, decision: true } },
      channel: {
        select: { providerId: true, providerDeliveryChannelId: true, isApproved: true, status: true },
      },
      program: { select: { name: true, budget: { select: { id: true } } } },
    },
  });
  if (!request) throw notFound(say("noSuchDeliveryRequest"));
  if (count !== 1) refuseUnlessPending(request.approvalState, WHAT);
  return request;
}

/**
 * One finance approver's approval. The approver must be a person other than the creator and every
 * earlier approver; the approval that reaches the request's required count sends it: the state
 * becomes SENT and DELIVERY_REQUEST_SENT is queued in the same transaction.
 */
export async function approveDeliveryRequest(
  actor: Actor,
  deliveryRequestId: string,
): Promise<DecisionOutcome> {
  const person = decidingPerson(actor);
  const outcome = await db().$transaction(async (tx) => {
    const request = await lockedPending(tx, deliveryRequestId);
    refuseOwnOrRepeat(person, request, WHAT);
    await insertDecision(tx, { deliveryRequestId }, person, "APPROVED", WHAT);
    const approvals = request.approvals.filter((approval) => approval.decision === "APPROVED").length + 1;
    const final = approvals >= request.approvalsRequired;
    // The send rule holds when the request is sent, not only when it was made: a channel taken
    // OFFLINE (or whose approval was lost) meanwhile receives nothing. Rejecting stays possible.
    if (final && !receivesDeliveries(request.channel)) {
      throw conflict(say("channelNoLongerReceivesApproveLater"));
    }
    if (final) {
      await tx.deliveryRequest.updateMany({
        where: { id: deliveryRequestId, approvalState: PENDING },
        data: { approvalState: "SENT", decidedAt: new Date() },
      });
      await queueRequestSent(tx, request);
      await notifyPaymentDecided(
        tx,
        { askedBy: request.createdBy, decidedBy: person },
        decided(request, true),
      );
    }
    const state = final ? "SENT" : PENDING;
    await recordAudit(tx, actor, {
      action: final ? "delivery_request.sent" : "delivery_request.approved",
      subjectType: "DeliveryRequest",
      subjectId: deliveryRequestId,
      detail: { approvals, approvalsRequired: request.approvalsRequired },
      before: { approvalState: PENDING },
      after: { approvalState: state },
    });
    return { state, approvals, approvalsRequired: request.approvalsRequired };
  });
  if (outcome.state === "SENT") notifyOutboxWritten();
  return outcome;
}

/** The final decision on a held request, as its creator is told of it. */
const decided = (
  request: {
    id: string;
    programId: string;
    description: string;
    totalMinor: bigint;
    unit: string;
    program: { name: string };
  },
  approved: boolean,
) => ({
  subject: "payment" as const,
  approved,
  programName: request.program.name,
  what: request.description,
  amount: { minor: request.totalMinor, unit: request.unit },
  reason: null,
  path: `/admin/programs/${request.programId}/requests/${request.id}`,
});

/** Rejects the request for a reason: it will never be sent, and its reservation is released at once. */
export async function rejectDeliveryRequest(
  actor: Actor,
  deliveryRequestId: string,
  reason: string,
): Promise<DecisionOutcome> {
  const person = decidingPerson(actor);
  const why = checkedReason(reason);
  return db().$transaction(async (tx) => {
    const request = await lockedPending(tx, deliveryRequestId);
    refuseOwnOrRepeat(person, request, WHAT);
    await insertDecision(tx, { deliveryRequestId }, person, "REJECTED", WHAT, why);
    await closeUnsent(tx, request, "REJECTED", why);
    await notifyPaymentDecided(
      tx,
      { askedBy: request.createdBy, decidedBy: person },
      { ...decided(request, false), reason: why },
    );
    await recordAudit(tx, actor, {
      action: "delivery_request.rejected",
      subjectType: "DeliveryRequest",
      subjectId: deliveryRequestId,
      detail: { reason: why },
      before: { approvalState: PENDING },
      after: { approvalState: "REJECTED" },
    });
    const approvals = request.approvals.filter((approval) => approval.decision === "APPROVED").length;
    return { state: "REJECTED", approvals, approvalsRequired: request.approvalsRequired };
  });
}

/**
 * Takes a pending request to REJECTED or EXPIRED and gives its reservation back to every budget it
 * was reserved against; false (nothing released) when another transaction decided it first.
 */
export async function closeUnsent(
  tx: Tx,
  request: {
    id: string;
    totalMinor: bigint;
    budgetAccountId: string;
    program: { budget: { id: string } | null };
  },
  state: "REJECTED" | "EXPIRED",
  reason?: string,
): Promise<boolean> {
  const { count } = await tx.deliveryRequest.updateMany({
    where: { id: request.id, approvalState: PENDING },
    data: { approvalState: state, decidedAt: new Date(), rejectionReason: reason ?? null },
  });
  if (count !== 1) return false;
  for (const account of chargedAccounts(request))
    await releaseRequest(tx, account, request.totalMinor, request.id);
  return true;
}
