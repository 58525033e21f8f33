/**
 * Payments that waited longer than PAYMENT_APPROVAL_EXPIRY_HOURS for their approvals expire: a
 * delivery request's reservation goes back to its budgets, a refund request is cleared. Run by a
 * worker (lib/jobs/payment-expiry.ts); each expiry is its own transaction through the same
 * conditional update as a rejection, so several workers, or an approval at the same moment, take
 * each payment out of PENDING_APPROVAL once and release its reservation at most once.
 */
import { paymentApprovalExpiryMs } from "../../config";
import { db, takeWriteLock } from "../../db";
import { recordAudit } from "../audit/record";
import { notifyPaymentDecided } from "../notifications/mail";
import { authorize, systemActor } from "../permissions";
import { closeUnsent, requestLetter } from "./approvals";
import { closeRefund, refundLetter } from "./refunds";
import { PENDING } from "./rules";

const BATCH = 100;
const EXPIRY = systemActor("payment-expiry");

/** Expires what is due at `now`; answers how many of each kind this call expired. */
export async function expireDuePayments(now = new Date()) {
  authorize(EXPIRY, "payments.expire");
  const cutoff = new Date(now.getTime() - paymentApprovalExpiryMs());
  return { deliveryRequests: await expireDeliveryRequests(cutoff), refunds: await expireRefunds(cutoff) };
}

async function expireDeliveryRequests(cutoff: Date): Promise<number> {
  const due = await db().deliveryRequest.findMany({
    where: { approvalState: PENDING, createdAt: { lt: cutoff } },
    orderBy: { createdAt: "asc" },
    take: BATCH,
    select: {
      id: true,
      totalMinor: true,
      budgetAccountId: true,
      createdBy: true,
      description: true,
      unit: true,
      programId: true,
      program: { select: { name: true, budget: { select: { id: true } } } },
    },
  });
  let expired = 0;
  for (const request of due) {
    const done = await db().$transaction(async (tx) => {
      await takeWriteLock(tx);
      if (!(await closeUnsent(tx, request, "EXPIRED"))) return false;
      // The person who sent it is told, as of an approval or a rejection (issue 30, finding 3).
      await notifyPaymentDecided(
        tx,
        { askedBy: request.createdBy, decidedBy: EXPIRY.id },
        { ...requestLetter(request), approved: false, expired: true, reason: null },
      );
      await recordAudit(tx, EXPIRY, {
        action: "delivery_request.expired",
        subjectType: "DeliveryRequest",
        subjectId: request.id,
        before: { approvalState: PENDING },
        after: { approvalState: "EXPIRED" },
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}

async function expireRefunds(cutoff: Date): Promise<number> {
  const due = await db().refundRequest.findMany({
    where: { state: PENDING, createdAt: { lt: cutoff } },
    orderBy: { createdAt: "asc" },
    take: BATCH,
    select: {
      id: true,
      requestedBy: true,
      amountMinor: true,
      delivery: {
        select: {
          beneficiaryId: true,
          deliveryRequest: {
            select: { id: true, programId: true, unit: true, program: { select: { name: true } } },
          },
        },
      },
    },
  });
  let expired = 0;
  for (const refund of due) {
    const done = await db().$transaction(async (tx) => {
      await takeWriteLock(tx);
      if (!(await closeRefund(tx, refund.id, "EXPIRED"))) return false;
      await notifyPaymentDecided(
        tx,
        { askedBy: refund.requestedBy, decidedBy: EXPIRY.id },
        { ...refundLetter(refund), approved: false, expired: true, reason: null },
      );
      await recordAudit(tx, EXPIRY, {
        action: "refund.expired",
        subjectType: "RefundRequest",
        subjectId: refund.id,
        before: { state: PENDING },
        after: { state: "EXPIRED" },
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
}
