/**
 * A finance approver's decision on a payment awaiting approval, the same for both kinds (delivery
 * requests, approvals.ts; refunds, refunds.ts): each kind says only what differs (its row, what its
 * final approval does, what its rejection releases, its audit's names, its letter). Each decision is
 * one transaction that first takes the payment's row with a conditional update (WHERE state =
 * PENDING_APPROVAL): on PostgreSQL concurrent decisions on one payment queue on that row lock and each
 * re-reads what the others committed, on SQLite writes run one at a time. So of any number of
 * approvals, rejections and the expiry racing, exactly one takes the payment out of PENDING_APPROVAL.
 */
import { say, type ValidationKey } from "../../contract/validation-messages";
import { db, type Tx, takeWriteLock } from "../../db";
import { notifyOutboxWritten } from "../../infrastructure/outbox-signal";
import { recordAudit } from "../audit";
import { beneficiaryRefs } from "../beneficiary-data";
import { notFound } from "../errors";
import { notifyPaymentDecided } from "../notifications";
import type { Actor } from "../permissions";
import {
  checkedReason,
  type DecisionKind,
  decidingPerson,
  insertDecision,
  type PaymentDecision,
  PENDING,
  refuseOwnOrRepeat,
  refuseUnlessPending,
} from "./rules";

export interface DecisionOutcome {
  /** PENDING_APPROVAL (more approvals needed), SENT / REQUESTED (final approval) or REJECTED. */
  state: string;
  approvals: number;
  approvalsRequired: number;
}

/** What every payment awaiting approval has, as its kind reads it. */
export interface PendingPayment {
  state: string;
  createdBy: string;
  approvalsRequired: number;
  approvals: { approverId: string; decision: string }[];
}

/** The letter of a final decision, but for what the decision says (approved, the reason). */
type DecidedLetter = Omit<Parameters<typeof notifyPaymentDecided>[2], "approved" | "reason">;

/** What differs between the kinds of payment; the decision itself is decide's. */
export interface PaymentKindRules<P extends PendingPayment> {
  what: DecisionKind;
  /** The refusal when no payment of this kind has the id. */
  noSuch: ValidationKey;
  /** The no-op conditional update that takes the row while it is pending; whether it matched. */
  hold(tx: Tx, id: string): Promise<boolean>;
  /** The payment with its decisions so far, as committed before this transaction; null if none. */
  read(tx: Tx, id: string): Promise<P | null>;
  /** The PaymentApproval column that names the payment. */
  decisionOn(
    id: string,
  ): { deliveryRequestId: string } | { refundRequestId: string } | { adjustmentId: string };
  /** The state the final approval gives: SENT, REQUESTED. */
  approvedState: string;
  /** Before the decision is audited, what the final approval does (its state, its events); may refuse. */
  approve(tx: Tx, payment: P): Promise<void>;
  /** What follows the final approval's audit entry (a refund's request to the provider, audited itself). */
  afterApproval?(tx: Tx, actor: Actor, payment: P): Promise<void>;
  /** Takes the payment to REJECTED, giving back what it held. */
  reject(tx: Tx, payment: P, reason: string): Promise<unknown>;
  /**
   * The rejection's reason as stored (the decision, the payment's row, the audit entry), when not as
   * typed: it may name a beneficiary, so it is sealed (issue 36; a refund's with its beneficiary's
   * key, a request's with its own) and the letter sends the reader to the page instead of quoting
   * it. `refOf`: beneficiaryRefs()'s.
   */
  storedReason?(
    tx: Tx,
    payment: P,
    reason: string,
    refOf: (beneficiaryId: string) => string,
  ): Promise<string>;
  /** The letter telling the payment's creator of the final decision. */
  letter(payment: P): DecidedLetter;
  audit: {
    subjectType: string;
    /** The column whose value the audit entry shows before and after. */
    stateColumn: string;
    approved(final: boolean): string;
    rejected: string;
  };
}

/** The payment's row taken for this transaction while it awaits approval (the lock), then read. */
async function lockedPending<P extends PendingPayment>(tx: Tx, kind: PaymentKindRules<P>, id: string) {
  await takeWriteLock(tx);
  const held = await kind.hold(tx, id);
  const payment = await kind.read(tx, id);
  if (!payment) throw notFound(say(kind.noSuch));
  if (!held) refuseUnlessPending(payment.state, kind.what);
  return payment;
}

const approvedSoFar = (payment: PendingPayment) =>
  payment.approvals.filter((approval) => approval.decision === "APPROVED").length;

/**
 * One finance approver's decision. The approver must be a person other than the creator and every
 * earlier approver; the approval that reaches the payment's required count makes it final (the kind's
 * `approve`); a rejection, which needs a reason, closes the payment at once (the kind's `reject`).
 */
export async function decide<P extends PendingPayment>(
  actor: Actor,
  kind: PaymentKindRules<P>,
  id: string,
  decision: { decision: PaymentDecision; reason?: string },
): Promise<DecisionOutcome> {
  const person = decidingPerson(actor);
  if (decision.decision === "REJECTED") return reject(actor, person, kind, id, decision.reason ?? "");
  const outcome = await db().$transaction(async (tx) => {
    const payment = await lockedPending(tx, kind, id);
    refuseOwnOrRepeat(person, payment, kind.what);
    await insertDecision(tx, kind.decisionOn(id), person, "APPROVED", kind.what);
    const approvals = approvedSoFar(payment) + 1;
    const final = approvals >= payment.approvalsRequired;
    const state = final ? kind.approvedState : PENDING;
    if (final) await kind.approve(tx, payment);
    await recordAudit(tx, actor, {
      action: kind.audit.approved(final),
      subjectType: kind.audit.subjectType,
      subjectId: id,
      detail: { approvals, approvalsRequired: payment.approvalsRequired },
      before: { [kind.audit.stateColumn]: PENDING },
      after: { [kind.audit.stateColumn]: state },
    });
    if (final) {
      await kind.afterApproval?.(tx, actor, payment);
      await notifyPaymentDecided(
        tx,
        { askedBy: payment.createdBy, decidedBy: person },
        { ...kind.letter(payment), approved: true, reason: null },
      );
    }
    return { state, approvals, approvalsRequired: payment.approvalsRequired };
  });
  if (outcome.state === kind.approvedState) notifyOutboxWritten();
  return outcome;
}

/** Rejects the payment for a reason: it will never be paid, and what it held is released at once. */
async function reject<P extends PendingPayment>(
  actor: Actor,
  person: string,
  kind: PaymentKindRules<P>,
  id: string,
  reason: string,
): Promise<DecisionOutcome> {
  const why = checkedReason(reason);
  // Asked before the transaction opens (beneficiary-refs.ts says why).
  const refOf = kind.storedReason ? await beneficiaryRefs() : null;
  return db().$transaction(async (tx) => {
    const payment = await lockedPending(tx, kind, id);
    refuseOwnOrRepeat(person, payment, kind.what);
    const stored = kind.storedReason && refOf ? await kind.storedReason(tx, payment, why, refOf) : why;
    await insertDecision(tx, kind.decisionOn(id), person, "REJECTED", kind.what, stored);
    await kind.reject(tx, payment, stored);
    await notifyPaymentDecided(
      tx,
      { askedBy: payment.createdBy, decidedBy: person },
      stored === why
        ? { ...kind.letter(payment), approved: false, reason: why }
        : { ...kind.letter(payment), approved: false, reason: null, reasonOnPage: true },
    );
    await recordAudit(tx, actor, {
      action: kind.audit.rejected,
      subjectType: kind.audit.subjectType,
      subjectId: id,
      detail: { reason: stored },
      before: { [kind.audit.stateColumn]: PENDING },
      after: { [kind.audit.stateColumn]: "REJECTED" },
    });
    return {
      state: "REJECTED",
      approvals: approvedSoFar(payment),
      approvalsRequired: payment.approvalsRequired,
    };
  });
}
