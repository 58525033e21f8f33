/**
 * The four-eyes rule, shared by delivery requests (payment-approvals.ts) and refunds
 * (refund-approvals.ts): only a person holding payments.approve decides; the creator decides
 * nothing on their own payment; each person decides once per payment (a refusal here, and the
 * PaymentApproval unique keys in the database for two clicks that race).
 */
import { isUniqueViolation, type Tx } from "../db";
import { conflict, forbidden, invalid } from "./errors";
import { type Actor, authorize } from "./permissions";

export const PENDING = "PENDING_APPROVAL";

/** What a payment became, for the refusal of a late decision. */
const OUTCOME_WORDS: Record<string, string> = {
  SENT: "already sent",
  REQUESTED: "already requested",
  REJECTED: "rejected",
  EXPIRED: "expired",
};

export type Decision = "APPROVED" | "REJECTED";

/** The person behind a decision: approvals count people, not their sessions or tokens. */
export function decidingPerson(actor: Actor): string {
  authorize(actor, "payments.approve");
  if (!actor.personId) throw forbidden("Only a person can approve or reject a payment.");
  return actor.personId;
}

export function refuseUnlessPending(state: string, what: string): void {
  if (state !== PENDING)
    throw conflict(`This ${what} no longer awaits approval: it was ${OUTCOME_WORDS[state] ?? state}.`);
}

/** The creator and anyone who already decided are refused, with what to do instead. */
export function refuseOwnOrRepeat(
  person: string,
  payment: { createdBy: string; approvals: { approverId: string; decision: string }[] },
  what: string,
): void {
  if (payment.createdBy === person)
    throw forbidden(`You created this ${what}: another finance approver must decide it.`);
  const mine = payment.approvals.find((approval) => approval.approverId === person);
  if (mine) throw alreadyDecided(mine.decision, what);
}

const alreadyDecided = (decision: string, what: string) =>
  conflict(
    `You already ${decision === "REJECTED" ? "rejected" : "approved"} this ${what}: a further approval must come from another finance approver.`,
  );

/** Whether a person may still decide: the console's buttons and queue ask this, the rule above refuses. */
export const mayStillDecide = (
  person: string,
  payment: { createdBy: string; approvals: { approverId: string }[] },
) => payment.createdBy !== person && !payment.approvals.some((approval) => approval.approverId === person);

/** Stores one decision; a concurrent second one by the same person hits the unique key. */
export async function insertDecision(
  tx: Tx,
  subject: { deliveryRequestId: string } | { refundRequestId: string },
  person: string,
  decision: Decision,
  what: string,
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
  if (!why) throw invalid("reason", "Enter a reason for the rejection");
  if (why.length > 500) throw invalid("reason", "must be at most 500 characters");
  return why;
}
