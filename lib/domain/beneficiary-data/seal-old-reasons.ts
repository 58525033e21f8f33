/**
 * Reasons typed before they were sealed (issue 36): a refund's (the delivery's and the refund
 * request's, its rejection's, the decisions') and a delivery request's rejection (the request's and
 * the decision's). `npm run keys:rotate` seals them as new ones are: a refund's with its
 * beneficiary's key, a rejection's with its request's. One about a beneficiary already gone (erased,
 * or values past retention) is sealed under a key that is never stored: it reads as erased, as it
 * would had it been sealed when typed. Audit entries keep what they held: the chain cannot be
 * rewritten. Each row is written only if it still holds what was read.
 */
import { randomBytes } from "node:crypto";
import { db, type Tx } from "../../db";
import { deliveryDataKey, isTombstone, TOMBSTONE_PREFIX } from "./beneficiary-ids";
import type { DataKey } from "./data-keys";
import { requestDataKey } from "./request-keys";
import { isSealed, sealValue } from "./sealed-values";

const BATCH = 200;

/** Text worth sealing: not null, not emptied, not sealed yet. */
const isPlain = (text: string | null): text is string => !!text && !isSealed(text);

/**
 * Where a column holds such text: `not ""` also leaves NULL out (SQL's <>), and NOT LIKE 'b1.%'
 * the sealed. One filter per column, so Prisma's types check each.
 */
const plainRejection = { rejectionReason: { not: "" }, NOT: { rejectionReason: { startsWith: "b1." } } };
const plainReason = { reason: { not: "" }, NOT: { reason: { startsWith: "b1." } } };
const plainRefundReason = { refundReason: { not: "" }, NOT: { refundReason: { startsWith: "b1." } } };

/** A key nobody can fetch: what it seals reads as erased. */
const lostKey = (): DataKey => ({ id: randomBytes(12).toString("base64url"), key: randomBytes(32) });

/** Seals older reasons; how many it sealed. `refOf`: beneficiaryRefs()'s. */
export async function sealPlainReasons(refOf: (id: string) => string, progress: () => void) {
  let sealed = 0;
  for (;;) {
    const rows = await db().deliveryRequest.findMany({
      where: plainRejection,
      select: { id: true, rejectionReason: true },
      take: BATCH,
    });
    if (rows.length === 0) break;
    await db().$transaction(async (tx) => {
      for (const row of rows) sealed += await sealRejection(tx, row);
    });
    progress();
  }
  for (;;) {
    const rows = await db().delivery.findMany({
      where: {
        OR: [
          plainRefundReason,
          {
            refundRequests: {
              some: {
                OR: [plainReason, plainRejection, { approvals: { some: plainReason } }],
              },
            },
          },
        ],
      },
      select: {
        id: true,
        beneficiaryId: true,
        beneficiaryRef: true,
        valuesErasedAt: true,
        refundReason: true,
        refundRequests: {
          select: {
            id: true,
            reason: true,
            rejectionReason: true,
            approvals: { select: { id: true, reason: true } },
          },
        },
      },
      take: BATCH,
    });
    if (rows.length === 0) return sealed;
    await db().$transaction(async (tx) => {
      for (const row of rows) sealed += await sealRefundReasons(tx, row, refOf);
    });
    progress();
  }
}

async function sealRejection(tx: Tx, request: { id: string; rejectionReason: string | null }) {
  const gone = await tx.delivery.count({
    where: {
      deliveryRequestId: request.id,
      OR: [{ beneficiaryId: { startsWith: TOMBSTONE_PREFIX } }, { valuesErasedAt: { not: null } }],
    },
  });
  const key = gone > 0 ? lostKey() : await requestDataKey(tx, request.id);
  let sealed = (
    await tx.deliveryRequest.updateMany({
      where: { id: request.id, rejectionReason: request.rejectionReason },
      data: { rejectionReason: sealValue(key, request.rejectionReason!) },
    })
  ).count;
  const decisions = await tx.paymentApproval.findMany({
    where: { deliveryRequestId: request.id, ...plainReason },
    select: { id: true, reason: true },
  });
  for (const decision of decisions) sealed += await sealDecision(tx, decision, key);
  return sealed;
}

async function sealRefundReasons(
  tx: Tx,
  delivery: {
    id: string;
    beneficiaryId: string;
    beneficiaryRef: string | null;
    valuesErasedAt: Date | null;
    refundReason: string | null;
    refundRequests: Array<{
      id: string;
      reason: string;
      rejectionReason: string | null;
      approvals: Array<{ id: string; reason: string | null }>;
    }>;
  },
  refOf: (id: string) => string,
) {
  const gone = isTombstone(delivery.beneficiaryId) || delivery.valuesErasedAt !== null;
  // A sealed id is opened for its key by deliveryDataKey; a plain one (before ids were sealed) by its ref.
  const key = gone ? lostKey() : await deliveryDataKey(tx, delivery, refOf);
  let sealed = 0;
  if (isPlain(delivery.refundReason))
    sealed += (
      await tx.delivery.updateMany({
        where: { id: delivery.id, refundReason: delivery.refundReason },
        data: { refundReason: sealValue(key, delivery.refundReason) },
      })
    ).count;
  for (const refund of delivery.refundRequests) {
    for (const column of ["reason", "rejectionReason"] as const) {
      const text = refund[column];
      if (isPlain(text))
        sealed += (
          await tx.refundRequest.updateMany({
            where: { id: refund.id, [column]: text },
            data: { [column]: sealValue(key, text) },
          })
        ).count;
    }
    for (const decision of refund.approvals)
      if (isPlain(decision.reason)) sealed += await sealDecision(tx, decision, key);
  }
  return sealed;
}

const sealDecision = async (tx: Tx, decision: { id: string; reason: string | null }, key: DataKey) =>
  (
    await tx.paymentApproval.updateMany({
      where: { id: decision.id, reason: decision.reason },
      data: { reason: sealValue(key, decision.reason!) },
    })
  ).count;
