/**
 * Payments that waited longer than PAYMENT_APPROVAL_EXPIRY_HOURS for their approvals expire: a
 * delivery request's reservation goes back to its budgets, a refund request is cleared. Run by a
 * worker (lib/jobs/payment-expiry.ts); each expiry is its own transaction through the same
 * conditional update as a rejection, so several workers, or an approval at the same moment, take
 * each payment out of PENDING_APPROVAL once and release its reservation at most once.
 */
import { paymentApprovalExpiryMs } from "../../config";
import { db, type Tx, takeWriteLock } from "../../db";
import { recordAudit } from "../audit";
import { beneficiaryIdOpener } from "../beneficiary-data";
import { notifyPaymentDecided } from "../notifications";
import { authorize, systemActor } from "../permissions";
import { closeUnsent, requestLetter } from "./approvals";
import { closeRefund, refundLetter } from "./refunds";
import { PENDING } from "./rules";

const BATCH = 100;
const EXPIRY = systemActor("payment-expiry");

type PaymentLetter = Parameters<typeof notifyPaymentDecided>[2];

/** Expires what is due at `now`; answers how many of each kind this call expired. */
export async function expireDuePayments(now = new Date()) {
  authorize(EXPIRY, "payments.expire");
  const cutoff = new Date(now.getTime() - paymentApprovalExpiryMs());
  return { deliveryRequests: await expireDeliveryRequests(cutoff), refunds: await expireRefunds(cutoff) };
}

/** What differs between the two kinds of payment when one expires. */
interface ExpiringKind<T extends { id: string }> {
  /** Takes it out of PENDING_APPROVAL as EXPIRED, releasing what it held; false if it no longer waited. */
  close(tx: Tx, item: T): Promise<boolean>;
  /** Who asked for it, and the letter that tells them (as of an approval or a rejection). */
  askedBy(item: T): string;
  letter(item: T): Omit<PaymentLetter, "approved" | "expired" | "reason">;
  audit: { action: string; subjectType: string; column: "approvalState" | "state" };
}

/** Expires each of `due` in its own transaction; answers how many this call expired. */
async function expireEach<T extends { id: string }>(
  due: T[],
  kind: ExpiringKind<NoInfer<T>>,
): Promise<number> {
  let expired = 0;
  for (const item of due) {
    const done = await db().$transaction(async (tx) => {
      await takeWriteLock(tx);
      if (!(await kind.close(tx, item))) return false;
      // The person who asked for it is told, as of an approval or a rejection (issue 30, finding 3).
      await notifyPaymentDecided(
        tx,
        { askedBy: kind.askedBy(item), decidedBy: EXPIRY.id },
        { ...kind.letter(item), approved: false, expired: true, reason: null },
      );
      await recordAudit(tx, EXPIRY, {
        action: kind.audit.action,
        subjectType: kind.audit.subjectType,
        subjectId: item.id,
        before: { [kind.audit.column]: PENDING },
        after: { [kind.audit.column]: "EXPIRED" },
      });
      return true;
    });
    if (done) expired += 1;
  }
  return expired;
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
  return expireEach(due, {
    close: (tx, request) => closeUnsent(tx, request, "EXPIRED"),
    askedBy: (request) => request.createdBy,
    letter: requestLetter,
    audit: { action: "delivery_request.expired", subjectType: "DeliveryRequest", column: "approvalState" },
  });
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
          beneficiaryRef: true,
          deliveryRequest: {
            select: { id: true, programId: true, unit: true, program: { select: { name: true } } },
          },
        },
      },
    },
  });
  // Their beneficiaries' ids opened (sealed in the rows, issue 36): the letters name them masked.
  const open = await beneficiaryIdOpener(due.map((refund) => refund.delivery));
  const opened = due.map((refund) => ({
    ...refund,
    delivery: { ...refund.delivery, beneficiaryId: open(refund.delivery) },
  }));
  return expireEach(opened, {
    close: (tx, refund) => closeRefund(tx, refund.id, "EXPIRED"),
    askedBy: (refund) => refund.requestedBy,
    letter: refundLetter,
    audit: { action: "refund.expired", subjectType: "RefundRequest", column: "state" },
  });
}
