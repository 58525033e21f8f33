/**
 * Refunds: a program manager asks the provider to reverse a delivery (requestRefund, below). Under
 * an approval policy, above the program's refund threshold a refund request waits
 * (RefundRequest, PENDING_APPROVAL) for its approvals from distinct finance approvers, not the
 * requester, before DELIVERY_REFUND_REQUESTED is queued; a rejection or the expiry clears it, and the
 * delivery may be refunded again later. Decisions are decide's (./decide-payment.ts), as delivery
 * requests' are: they lock the refund request's row first, so exactly one final transition happens.
 */
import { say } from "../../contract/validation-messages";
import { db, isUniqueViolation, type Tx, takeWriteLock } from "../../db";
import { notifyOutboxWritten } from "../../infrastructure/outbox-signal";
import { recordAudit } from "../audit";
import {
  beneficiaryIdOpener,
  beneficiaryRefs,
  deliveryDataKey,
  maskValue,
  sealValue,
  withBeneficiaryIds,
} from "../beneficiary-data";
import { conflict, invalid, notFound } from "../errors";
import { notifyRefundAwaiting } from "../notifications";
import { type Actor, authorize } from "../permissions";
import { queueEvent } from "../webhooks";
import { type DecisionOutcome, decide, type PaymentKindRules } from "./decide-payment";
import { approvalsRequiredFor, POLICY_COLUMNS } from "./policy";
import { PENDING } from "./rules";

/**
 * A refund asked for by `actor` (authorized by the caller, requestRefund): requested at once, or held
 * for approval when the delivery's amount is above the program's refund threshold. The reason is
 * free text that may name the beneficiary: it is stored (refund request, delivery, audit entry)
 * sealed with the beneficiary's data key, so an erasure makes it unreadable too (issue 36).
 */
async function holdOrRequestRefund(
  tx: Tx,
  actor: Actor,
  deliveryId: string,
  why: { reason: string; refOf: (beneficiaryId: string) => string },
): Promise<"REQUESTED" | "PENDING_APPROVAL"> {
  const delivery = await tx.delivery.findUnique({
    where: { id: deliveryId },
    include: {
      deliveryRequest: {
        select: {
          approvalState: true,
          channel: { select: { providerId: true } },
          program: { select: { ...POLICY_COLUMNS, name: true, unit: true } },
        },
      },
    },
  });
  // A sandbox's deliveries are test data: refunded by its test helper (a worker), not by the console.
  if (!delivery || (delivery.deliveryRequest.program.sandboxFor && actor.kind !== "system"))
    throw notFound(say("noSuchDelivery"));
  if (delivery.deliveryRequest.approvalState !== "SENT")
    throw conflict(say("deliveryNeverSentNothingToRefund"));
  if (delivery.revertedAt) throw conflict(say("deliveryAlreadyReverted"));
  if (delivery.refundRequestedAt) throw conflict(say("refundOfDeliveryAlreadyRequested"));
  if (await tx.refundRequest.findUnique({ where: { pendingFor: deliveryId }, select: { id: true } }))
    throw conflict(say("refundOfDeliveryAwaitsApproval"));
  const key = await deliveryDataKey(tx, delivery, why.refOf);
  const reason = sealValue(key, why.reason);
  const required = approvalsRequiredFor(delivery.deliveryRequest.program, "refund", delivery.amountMinor);
  if (required === 0) {
    await markRefundRequested(tx, actor, deliveryId, delivery.deliveryRequest.channel.providerId, reason);
    return "REQUESTED";
  }
  await holdRefund(tx, actor, { deliveryId, amountMinor: delivery.amountMinor, reason, required });
  // The letter names the beneficiary masked: mail is kept outside the sealed rows (issue 36).
  const beneficiaryId = maskValue((await beneficiaryIdOpener([delivery], tx))(delivery));
  const refund = { amountMinor: delivery.amountMinor, beneficiaryId };
  await notifyRefundAwaiting(
    tx,
    delivery.deliveryRequest.program,
    { ...refund, approvalsRequired: required },
    actor.personId,
  );
  return PENDING;
}

async function holdRefund(
  tx: Tx,
  actor: Actor,
  refund: { deliveryId: string; amountMinor: bigint; reason: string; required: number },
) {
  let id: string;
  try {
    ({ id } = await tx.refundRequest.create({
      data: {
        deliveryId: refund.deliveryId,
        pendingFor: refund.deliveryId,
        reason: refund.reason,
        requestedBy: actor.personId ?? actor.id,
        amountMinor: refund.amountMinor,
        // The policy's count now: a later policy change does not change this refund's rule.
        approvalsRequired: refund.required,
      },
      select: { id: true },
    }));
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(say("refundOfDeliveryAwaitsApproval"));
    throw error;
  }
  await recordAudit(tx, actor, {
    action: "refund.held",
    subjectType: "RefundRequest",
    subjectId: id,
    detail: { deliveryId: refund.deliveryId, reason: refund.reason },
    after: { state: PENDING, approvalsRequired: refund.required },
  });
}

/** Marks the delivery's refund requested and queues DELIVERY_REFUND_REQUESTED (`{"deliveryId"}` only). */
async function markRefundRequested(
  tx: Tx,
  actor: Actor,
  deliveryId: string,
  providerId: string,
  reason: string,
) {
  const { count } = await tx.delivery.updateMany({
    where: { id: deliveryId, refundRequestedAt: null },
    data: { refundRequestedAt: new Date(), refundReason: reason },
  });
  if (count !== 1) throw conflict(say("refundOfDeliveryAlreadyRequested"));
  await queueEvent(tx, providerId, "DELIVERY_REFUND_REQUESTED", { deliveryId });
  await recordAudit(tx, actor, {
    action: "delivery.refund_requested",
    subjectType: "Delivery",
    subjectId: deliveryId,
    detail: { reason },
    before: { refundRequestedAt: null },
    after: { refundRequestedAt: new Date().toISOString(), refundReason: reason },
  });
}

/** The refund request with its decisions so far and what its request and its letter need. */
async function readRefund(tx: Tx, refundRequestId: string) {
  const refund = await tx.refundRequest.findUnique({
    where: { id: refundRequestId },
    include: {
      approvals: { select: { approverId: true, decision: true } },
      delivery: {
        select: {
          beneficiaryId: true,
          beneficiaryRef: true,
          deliveryRequest: {
            select: {
              id: true,
              programId: true,
              unit: true,
              program: { select: { name: true } },
              channel: { select: { providerId: true } },
            },
          },
        },
      },
    },
  });
  if (!refund) return null;
  // Its beneficiary's id in clear (sealed in the row, issue 36), for its letter and its reason's key.
  const [delivery] = await withBeneficiaryIds([refund.delivery], tx);
  return { ...refund, delivery: delivery!, createdBy: refund.requestedBy };
}

type HeldRefund = NonNullable<Awaited<ReturnType<typeof readRefund>>>;

const REFUND: PaymentKindRules<HeldRefund> = {
  what: "refund",
  noSuch: "noSuchRefundRequest",
  hold: async (tx, id) => {
    const { count } = await tx.refundRequest.updateMany({
      where: { id, state: PENDING },
      data: { state: PENDING },
    });
    return count === 1;
  },
  read: readRefund,
  decisionOn: (refundRequestId) => ({ refundRequestId }),
  approvedState: "REQUESTED",
  approve: async (tx, refund) => {
    await tx.refundRequest.update({
      where: { id: refund.id },
      data: { state: "REQUESTED", pendingFor: null, decidedAt: new Date() },
    });
  },
  /** The final approval requests the refund from the provider. */
  afterApproval: (tx, actor, refund) => {
    const { providerId } = refund.delivery.deliveryRequest.channel;
    return markRefundRequested(tx, actor, refund.deliveryId, providerId, refund.reason);
  },
  reject: (tx, refund, reason) => closeRefund(tx, refund.id, "REJECTED", reason),
  /** Sealed with the beneficiary's key, like the refund's own reason: an erasure makes both unreadable. */
  storedReason: async (tx, refund, reason, refOf) =>
    sealValue(await deliveryDataKey(tx, refund.delivery, refOf), reason),
  letter: (refund) => refundLetter(refund),
  audit: {
    subjectType: "RefundRequest",
    stateColumn: "state",
    approved: () => "refund.approved",
    rejected: "refund.rejected",
  },
};

/** The letter of a held refund's final decision (or its expiry), as the person who asked for it is told. */
export const refundLetter = (refund: {
  amountMinor: bigint;
  delivery: {
    beneficiaryId: string;
    deliveryRequest: { id: string; programId: string; unit: string; program: { name: string } };
  };
}) => {
  const request = refund.delivery.deliveryRequest;
  return {
    subject: "refund" as const,
    programName: request.program.name,
    // Masked: the letter is mail, kept outside the sealed rows (issue 36); its link opens the page.
    what: maskValue(refund.delivery.beneficiaryId),
    amount: { minor: refund.amountMinor, unit: request.unit },
    path: `/admin/programs/${request.programId}/requests/${request.id}`,
  };
};

/** One approval; the one that reaches the required count requests the refund from the provider. */
export function approveRefund(actor: Actor, refundRequestId: string): Promise<DecisionOutcome> {
  return decide(actor, REFUND, refundRequestId, { decision: "APPROVED" });
}

/** Rejects the refund request for a reason: nothing goes to the provider. */
export function rejectRefund(
  actor: Actor,
  refundRequestId: string,
  reason: string,
): Promise<DecisionOutcome> {
  return decide(actor, REFUND, refundRequestId, { decision: "REJECTED", reason });
}

/** Clears a waiting refund (REJECTED or EXPIRED); false when another transaction decided it first. */
export async function closeRefund(
  tx: Tx,
  refundRequestId: string,
  state: "REJECTED" | "EXPIRED",
  reason?: string,
): Promise<boolean> {
  const { count } = await tx.refundRequest.updateMany({
    where: { id: refundRequestId, state: PENDING },
    data: { state, pendingFor: null, decidedAt: new Date(), rejectionReason: reason ?? null },
  });
  return count === 1;
}

/**
 * Asks the provider to reverse one delivery, for a reason kept here (the audit and the request's
 * page): DELIVERY_REFUND_REQUESTED stays `{"deliveryId"}` as on the real platform, so receivers
 * written for it keep working and internal notes do not reach the provider. The amount returns to the
 * budgets once the provider reports DELIVERY_REVERTED. Above the program's refund threshold the
 * refund waits for its approvals first (lib/domain/payments/refunds.ts).
 */
export async function requestRefund(actor: Actor, deliveryId: string, reason: string) {
  authorize(actor, "refunds.request");
  const why = reason.trim();
  if (!why) throw invalid("reason", say("enterReasonForRefund"));
  if (why.length > 500) throw invalid("reason", say("mustBeAtMostCharacters", { max: 500 }));
  const refOf = await beneficiaryRefs();
  const outcome = await db().$transaction(async (tx) => {
    await takeWriteLock(tx);
    return holdOrRequestRefund(tx, actor, deliveryId, { reason: why, refOf });
  });
  if (outcome === "REQUESTED") notifyOutboxWritten();
  return outcome;
}
