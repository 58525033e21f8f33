/**
 * Settling a statement's breaks (issue 32, item 5). A finance approver proposes an adjustment of one
 * break; it is decided like a payment (lib/domain/payments/decide-payment.ts): it needs the program's
 * count of approvals (at least one), from finance approvers other than its proposer, and the approval
 * that reaches the count applies it in its own transaction: the break settled, the decision audited
 * and the delivery's outcome applied through Delivery/Sync's code path — so the budgets move once,
 * by Sync's conditional updates, however many approvals race.
 *
 * What each kind does is adjustmentsFor's and outcomeOf's, below: the page offers what the rule allows.
 */
import { databaseKind } from "../../config";
import type {
  AdjustmentKind,
  ProposeAdjustmentInput,
} from "../../contract/reconciliation/break-adjustment-schema";
import { say } from "../../contract/validation-messages";
import { db, isUniqueViolation, type Tx, takeWriteLock } from "../../db";
import { recordAudit } from "../audit";
import { beneficiaryRefs, deliveryDataKey, sealValue } from "../beneficiary-data";
import { applyDeliveryOutcomesIn, type OutcomeReport, resendDelivery } from "../deliveries";
import { conflict, forbidden, notFound } from "../errors";
import { fromMinor } from "../money";
import { notifyAdjustmentAwaiting } from "../notifications";
import {
  approvalsRequiredFor,
  type DecisionOutcome,
  decide,
  type PaymentKindRules,
  PENDING,
} from "../payments";
import { type Actor, authorize } from "../permissions";
import { type BreakNow, breakNow, type DeliveryNow } from "./break-reads";

/** What a letter or the approvals queue names a break by: its delivery, else the file's reference, else its line. */
export const whatBreak = (brk: Pick<BreakNow, "deliveryId" | "reference" | "line">) =>
  brk.deliveryId ?? brk.reference ?? `#${brk.line}`;
const breakPath = (breakId: string) => `/admin/statement/breaks/${breakId}`;

const sameUnit = (a: string, b: string) =>
  a.trim().toLocaleUpperCase("en") === b.trim().toLocaleUpperCase("en");

/** Whether the file's line says the delivery was delivered, of an amount our delivery can have been. */
const providerAmountFits = (brk: BreakNow, delivery: DeliveryNow) =>
  brk.fileOutcome === "delivered" &&
  brk.fileUnit !== null &&
  sameUnit(brk.fileUnit, delivery.unit) &&
  brk.fileAmountMinor !== null &&
  brk.fileAmountMinor > 0n &&
  brk.fileAmountMinor <= delivery.amountMinor;

/**
 * The adjustments that may settle the break as our records stand now. Every break may be written
 * off. A delivery still pending, no refund asked, may be re-sent when the file does not say it was
 * delivered (the provider lacks it, or says it failed); its provider's amount may be accepted when
 * the file says it was delivered, in its unit, of no more than was sent — more would be an
 * over-delivery, which Sync refuses too.
 */
export function adjustmentsFor(brk: BreakNow): AdjustmentKind[] {
  const { delivery } = brk;
  if (!delivery?.pending || delivery.refundRequested) return ["WRITE_OFF"];
  if (brk.fileOutcome === "delivered")
    return providerAmountFits(brk, delivery) ? ["WRITE_OFF", "ACCEPT_PROVIDER_AMOUNT"] : ["WRITE_OFF"];
  return ["WRITE_OFF", "RESEND"];
}

/**
 * The outcome the adjustment applies through Sync's path, or null when it moves nothing: a write-off
 * stops waiting for a pending delivery (reverted: its amount back in the budgets) and leaves a final
 * one as our records hold it; accepting the provider's amount counts the delivery delivered at it.
 */
export function outcomeOf(kind: Exclude<AdjustmentKind, "RESEND">, brk: BreakNow): OutcomeReport | null {
  const { delivery } = brk;
  if (!delivery?.pending) return null;
  if (kind === "WRITE_OFF") return { deliveryId: delivery.id, status: "DELIVERY_REVERTED" };
  return { deliveryId: delivery.id, status: "DELIVERED", deliveryAmount: fromMinor(brk.fileAmountMinor!) };
}

/**
 * A reason as stored: free text that may name the beneficiary, so sealed with the break's delivery's
 * beneficiary key (issue 36), as a refund's reasons are, and unreadable once they are erased. A break
 * naming none of our deliveries names no beneficiary of ours: its reasons are kept as typed.
 */
async function storedReason(tx: Tx, brk: BreakNow, reason: string, refOf: (id: string) => string) {
  return brk.delivery ? sealValue(await deliveryDataKey(tx, brk.delivery, refOf), reason) : reason;
}

/** Proposes an adjustment; it waits for its approvals. One may wait per break (pendingFor is unique). */
export async function proposeAdjustment(actor: Actor, input: ProposeAdjustmentInput) {
  authorize(actor, "reconciliation.settle");
  // Approvals count people: the proposer must be one, so that none of their sessions approves it.
  const proposer = actor.personId;
  if (!proposer) throw forbidden(say("onlyPersonDecidesPayments"));
  // Asked before the transaction opens (lib/infrastructure/beneficiary-refs.ts says why).
  const refOf = await beneficiaryRefs();
  return db().$transaction(async (tx) => {
    await takeWriteLock(tx);
    const brk = await breakNow(tx, input.breakId);
    if (!brk) throw notFound(say("noSuchBreak"));
    if (brk.settledAt) throw conflict(say("breakAlreadySettled"));
    if (!adjustmentsFor(brk).includes(input.kind)) throw conflict(say("adjustmentNotPossibleForBreak"));
    const amountMinor = brk.delivery?.amountMinor ?? brk.fileAmountMinor ?? 0n;
    const program = brk.delivery?.program;
    const required = Math.max(1, program ? approvalsRequiredFor(program, "deliveryRequest", amountMinor) : 0);
    const unit = brk.delivery?.unit ?? brk.fileUnit ?? "";
    const reason = await storedReason(tx, brk, input.reason, refOf);
    let id: string;
    try {
      ({ id } = await tx.breakAdjustment.create({
        data: {
          breakId: brk.id,
          pendingFor: brk.id,
          kind: input.kind,
          reason,
          proposedBy: proposer,
          amountMinor,
          unit,
          approvalsRequired: required,
        },
        select: { id: true },
      }));
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict(say("breakHasAdjustmentAwaiting"));
      throw error;
    }
    await recordAudit(tx, actor, {
      action: "adjustment.proposed",
      subjectType: "BreakAdjustment",
      subjectId: id,
      detail: { breakId: brk.id, kind: input.kind, reason },
      after: { state: PENDING, approvalsRequired: required },
    });
    await notifyAdjustmentAwaiting(
      tx,
      {
        kind: input.kind,
        providerName: brk.providerName,
        what: whatBreak(brk),
        amount: { minor: amountMinor, unit },
        approvalsRequired: required,
        path: breakPath(brk.id),
      },
      proposer,
    );
    return { adjustmentId: id, approvalsRequired: required };
  });
}

/** The adjustment with its decisions so far and its break as our records stand now. */
async function readAdjustment(tx: Tx, id: string) {
  const adjustment = await tx.breakAdjustment.findUnique({
    where: { id },
    include: { approvals: { select: { approverId: true, decision: true } } },
  });
  if (!adjustment) return null;
  const brk = await breakNow(tx, adjustment.breakId);
  return {
    ...adjustment,
    kind: adjustment.kind as AdjustmentKind,
    brk: brk!,
    createdBy: adjustment.proposedBy,
  };
}

type HeldAdjustment = NonNullable<Awaited<ReturnType<typeof readAdjustment>>>;

/**
 * On PostgreSQL, the break's delivery row, taken as Sync takes it (FOR NO KEY UPDATE) before the
 * final approval looks at it again: a Sync of the delivery in between waits, or went first and is seen.
 */
async function lockDelivery(tx: Tx, deliveryId: string | null) {
  if (databaseKind() !== "postgres" || !deliveryId) return;
  await tx.$executeRaw`SELECT 1 FROM "Delivery" WHERE "id" = ${deliveryId} FOR NO KEY UPDATE`;
}

/** The rules of an adjustment's decision; `refOf` (beneficiaryRefs()'s, asked before it opens) for a re-send. */
const adjustmentRules = (refOf: (beneficiaryId: string) => string): PaymentKindRules<HeldAdjustment> => ({
  what: "adjustment",
  noSuch: "noSuchAdjustment",
  hold: async (tx, id) => {
    const { count } = await tx.breakAdjustment.updateMany({
      where: { id, state: PENDING },
      data: { state: PENDING },
    });
    return count === 1;
  },
  read: readAdjustment,
  decisionOn: (adjustmentId) => ({ adjustmentId }),
  approvedState: "APPLIED",
  /** Refused when our records moved so that the kind no longer fits (Sync reported the delivery since). */
  approve: async (tx, adjustment) => {
    await lockDelivery(tx, adjustment.brk.delivery?.id ?? null);
    const brk = (await breakNow(tx, adjustment.breakId))!;
    if (!adjustmentsFor(brk).includes(adjustment.kind)) throw conflict(say("adjustmentNoLongerFits"));
    adjustment.brk = brk;
    await tx.breakAdjustment.update({
      where: { id: adjustment.id },
      data: { state: "APPLIED", pendingFor: null, decidedAt: new Date() },
    });
    await tx.statementBreak.update({ where: { id: brk.id }, data: { settledAt: new Date() } });
  },
  /** Its outcome, through Sync's path, audited there as every outcome is; a re-send's new request too. */
  afterApproval: async (tx, actor, { kind, brk, id }) => {
    if (kind === "RESEND" && brk.delivery) {
      const resend = {
        deliveryId: brk.delivery.id,
        providerId: brk.providerId,
        idempotencyKey: `resend-${id}`,
      };
      await resendDelivery(tx, actor, resend, refOf);
      return;
    }
    const outcome = kind === "RESEND" ? null : outcomeOf(kind, brk);
    if (outcome) await applyDeliveryOutcomesIn(tx, actor, brk.providerId, [outcome]);
  },
  storedReason: (tx, adjustment, reason, refOfReject) =>
    storedReason(tx, adjustment.brk, reason, refOfReject),
  reject: (tx, adjustment, reason) =>
    tx.breakAdjustment.updateMany({
      where: { id: adjustment.id, state: PENDING },
      data: { state: "REJECTED", pendingFor: null, decidedAt: new Date(), rejectionReason: reason },
    }),
  letter: (adjustment) => ({
    subject: "adjustment",
    programName: adjustment.brk.providerName,
    what: whatBreak(adjustment.brk),
    amount: { minor: adjustment.amountMinor, unit: adjustment.unit },
    path: breakPath(adjustment.breakId),
  }),
  audit: {
    subjectType: "BreakAdjustment",
    stateColumn: "state",
    approved: (final) => (final ? "adjustment.applied" : "adjustment.approved"),
    rejected: "adjustment.rejected",
  },
});

/** One approval; the one that reaches the count applies the adjustment. */
export async function approveAdjustment(actor: Actor, adjustmentId: string): Promise<DecisionOutcome> {
  // Asked before the decision's transaction opens (lib/infrastructure/beneficiary-refs.ts says why).
  const refOf = await beneficiaryRefs();
  return decide(actor, adjustmentRules(refOf), adjustmentId, { decision: "APPROVED" });
}

/** Rejects the adjustment for a reason: the break stays open, and another may be proposed. */
export function rejectAdjustment(
  actor: Actor,
  adjustmentId: string,
  reason: string,
): Promise<DecisionOutcome> {
  return decide(
    actor,
    adjustmentRules(() => ""),
    adjustmentId,
    { decision: "REJECTED", reason },
  );
}
