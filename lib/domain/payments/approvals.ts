/**
 * Finance approvers' decisions on delivery requests awaiting approval (docs/money.md "Approval policies
 * for money"), through decide (./decide-payment.ts), as refunds' are: of any number of approvals,
 * rejections and the expiry racing, exactly one takes the request out of PENDING_APPROVAL: one
 * DELIVERY_REQUEST_SENT, or one release.
 */
import type { PaymentKind } from "../../contract/forms/payment-approval-forms";
import { say } from "../../contract/validation-messages";
import type { Tx } from "../../db";
import { requestDataKey, sealValue } from "../beneficiary-data";
import { chargedAccounts, releaseRequest } from "../budgets";
import { receivesDeliveries } from "../channels";
import { conflict } from "../errors";
import type { Actor } from "../permissions";
import { queueRequestSent } from "../webhooks";
import { type DecisionOutcome, decide, type PaymentKindRules } from "./decide-payment";
import { approveRefund, rejectRefund } from "./refunds";
import { PENDING } from "./rules";

/** Approves one payment of either kind (the console's one button). */
export function approvePayment(actor: Actor, kind: PaymentKind, id: string) {
  return kind === "refund" ? approveRefund(actor, id) : approveDeliveryRequest(actor, id);
}

/** Rejects one payment of either kind. */
export function rejectPayment(actor: Actor, kind: PaymentKind, id: string, reason: string) {
  return kind === "refund" ? rejectRefund(actor, id, reason) : rejectDeliveryRequest(actor, id, reason);
}

/** The request with its decisions so far and what its sending and its letter need. */
async function readRequest(tx: Tx, deliveryRequestId: string) {
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
  return request && { ...request, state: request.approvalState };
}

type HeldRequest = NonNullable<Awaited<ReturnType<typeof readRequest>>>;

const DELIVERY_REQUEST: PaymentKindRules<HeldRequest> = {
  what: "deliveryRequest",
  noSuch: "noSuchDeliveryRequest",
  hold: async (tx, id) => {
    const { count } = await tx.deliveryRequest.updateMany({
      where: { id, approvalState: PENDING },
      data: { approvalState: PENDING },
    });
    return count === 1;
  },
  read: readRequest,
  decisionOn: (deliveryRequestId) => ({ deliveryRequestId }),
  approvedState: "SENT",
  /** The final approval sends the request: SENT, and DELIVERY_REQUEST_SENT queued in its transaction. */
  approve: async (tx, request) => {
    // The send rule holds when the request is sent, not only when it was made: a channel taken
    // OFFLINE (or whose approval was lost) meanwhile receives nothing. Rejecting stays possible.
    if (!receivesDeliveries(request.channel)) throw conflict(say("channelNoLongerReceivesApproveLater"));
    await tx.deliveryRequest.updateMany({
      where: { id: request.id, approvalState: PENDING },
      data: { approvalState: "SENT", decidedAt: new Date() },
    });
    await queueRequestSent(tx, request);
  },
  reject: (tx, request, reason) => closeUnsent(tx, request, "REJECTED", reason),
  /** Sealed with the request's own key: it may name any of its beneficiaries, whose erasure destroys it. */
  storedReason: async (tx, request, reason) => sealValue(await requestDataKey(tx, request.id), reason),
  letter: (request) => requestLetter(request),
  audit: {
    subjectType: "DeliveryRequest",
    stateColumn: "approvalState",
    approved: (final) => (final ? "delivery_request.sent" : "delivery_request.approved"),
    rejected: "delivery_request.rejected",
  },
};

/** The letter of a held request's final decision (or its expiry), as its creator is told of it. */
export const requestLetter = (request: {
  id: string;
  programId: string;
  description: string;
  totalMinor: bigint;
  unit: string;
  program: { name: string };
}) => ({
  subject: "payment" as const,
  programName: request.program.name,
  what: request.description,
  amount: { minor: request.totalMinor, unit: request.unit },
  path: `/admin/programs/${request.programId}/requests/${request.id}`,
});

/** One finance approver's approval; the one that reaches the request's required count sends it. */
export function approveDeliveryRequest(actor: Actor, deliveryRequestId: string): Promise<DecisionOutcome> {
  return decide(actor, DELIVERY_REQUEST, deliveryRequestId, { decision: "APPROVED" });
}

/** Rejects the request for a reason: it will never be sent, and its reservation is released at once. */
export function rejectDeliveryRequest(
  actor: Actor,
  deliveryRequestId: string,
  reason: string,
): Promise<DecisionOutcome> {
  return decide(actor, DELIVERY_REQUEST, deliveryRequestId, { decision: "REJECTED", reason });
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
  const decidedAt = new Date();
  const { count } = await tx.deliveryRequest.updateMany({
    where: { id: request.id, approvalState: PENDING },
    data: { approvalState: state, decidedAt, rejectionReason: reason ?? null },
  });
  if (count !== 1) return false;
  for (const account of chargedAccounts(request))
    await releaseRequest(tx, account, request.totalMinor, request.id, decidedAt);
  return true;
}
