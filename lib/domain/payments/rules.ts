/**
 * The four-eyes rule, shared by delivery requests (approvals.ts) and refunds (refunds.ts) through
 * their one decision (decide-payment.ts): only a person holding payments.approve decides; the creator
 * decides nothing on their own payment; each person decides once per payment (a refusal here, and
 * the PaymentApproval unique keys in the database for two clicks that race).
 */
import type { PaymentKind } from "../../contract/forms/payment-approval-forms";
import { say, type ValidationKey } from "../../contract/validation-messages";
import { isUniqueViolation, type Tx } from "../../db";
import { conflict, forbidden, invalid } from "../errors";
import { type Actor, authorize } from "../permissions";

export const PENDING = "PENDING_APPROVAL";

export type PaymentDecision = "APPROVED" | "REJECTED";

/** What four eyes decide: the payments, and the adjustments that settle a statement's breaks (issue 32). */
export type DecisionKind = PaymentKind | "adjustment";

/**
 * The refusals, a whole sentence for each payment and case, for the translators: what a payment
 * became (for a late decision), the creator's own payment, and a second decision by one person.
 */
const NO_LONGER_PENDING: Record<DecisionKind, Partial<Record<string, ValidationKey>>> = {
  deliveryRequest: {
    SENT: "deliveryRequestNoLongerAwaitsSent",
    REJECTED: "deliveryRequestNoLongerAwaitsRejected",
    EXPIRED: "deliveryRequestNoLongerAwaitsExpired",
  },
  refund: {
    REQUESTED: "refundNoLongerAwaitsRequested",
    REJECTED: "refundNoLongerAwaitsRejected",
    EXPIRED: "refundNoLongerAwaitsExpired",
  },
  adjustment: {
    APPLIED: "adjustmentNoLongerAwaitsApplied",
    REJECTED: "adjustmentNoLongerAwaitsRejected",
  },
};
const OWN_PAYMENT: Record<DecisionKind, ValidationKey> = {
  deliveryRequest: "youCreatedThisDeliveryRequest",
  refund: "youCreatedThisRefund",
  adjustment: "youProposedThisAdjustment",
};
const ALREADY_DECIDED: Record<DecisionKind, Record<PaymentDecision, ValidationKey>> = {
  deliveryRequest: {
    APPROVED: "youAlreadyApprovedDeliveryRequest",
    REJECTED: "youAlreadyRejectedDeliveryRequest",
  },
  refund: { APPROVED: "youAlreadyApprovedRefund", REJECTED: "youAlreadyRejectedRefund" },
  adjustment: { APPROVED: "youAlreadyApprovedAdjustment", REJECTED: "youAlreadyRejectedAdjustment" },
};

/** The person behind a decision: approvals count people, not their sessions or tokens. */
export function decidingPerson(actor: Actor): string {
  authorize(actor, "payments.approve");
  if (!actor.personId) throw forbidden(say("onlyPersonDecidesPayments"));
  return actor.personId;
}

export function refuseUnlessPending(state: string, what: DecisionKind): void {
  if (state === PENDING) return;
  const refusal = NO_LONGER_PENDING[what][state];
  // The columns hold only these states (prisma/models.prisma): another one is a bug, not a refusal.
  if (!refusal) throw new Error(`A ${what} in state ${state}, which it cannot have`);
  throw conflict(say(refusal));
}

/** The creator and anyone who already decided are refused, with what to do instead. */
export function refuseOwnOrRepeat(
  person: string,
  payment: { createdBy: string; approvals: { approverId: string; decision: string }[] },
  what: DecisionKind,
): void {
  if (payment.createdBy === person) throw forbidden(say(OWN_PAYMENT[what]));
  const mine = payment.approvals.find((approval) => approval.approverId === person);
  if (mine) throw alreadyDecided(mine.decision, what);
}

const alreadyDecided = (decision: string, what: DecisionKind) =>
  conflict(say(ALREADY_DECIDED[what][decision === "REJECTED" ? "REJECTED" : "APPROVED"]));

/** Whether a person may still decide: the console's buttons and queue ask this, the rule above refuses. */
export const mayStillDecide = (
  person: string,
  payment: { createdBy: string; approvals: { approverId: string }[] },
) => payment.createdBy !== person && !payment.approvals.some((approval) => approval.approverId === person);

/** Stores one decision; a concurrent second one by the same person hits the unique key. */
export async function insertDecision(
  tx: Tx,
  subject: { deliveryRequestId: string } | { refundRequestId: string } | { adjustmentId: string },
  person: string,
  decision: PaymentDecision,
  what: DecisionKind,
  reason?: string,
): Promise<void> {
  try {
    await tx.paymentApproval.create({ data: { ...subject, approverId: person, decision, reason } });
  } catch (error) {
    if (isUniqueViolation(error)) throw alreadyDecided("APPROVED", what);
    throw error;
  }
}

/** The refusal of a rejection without a reason (the form's schema checks it too). */
export function checkedReason(reason: string): string {
  const why = reason.trim();
  if (!why) throw invalid("reason", say("enterReasonForRejection"));
  if (why.length > 500) throw invalid("reason", say("mustBeAtMostCharacters", { max: 500 }));
  return why;
}
