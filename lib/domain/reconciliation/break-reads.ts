/**
 * A statement's break as it stands now (issue 32, item 5): what the file said, and the delivery it
 * names as our records hold it today (not as they were at the upload), which is what settling it asks.
 */
import type { Db, Tx } from "../../db";
import { POLICY_COLUMNS } from "../payments";

/** The break's delivery now; null when the break names none of the provider's sent deliveries. */
export async function deliveryNow(tx: Tx | Db, deliveryId: string | null, providerId: string) {
  if (!deliveryId) return null;
  const delivery = await tx.delivery.findFirst({
    where: { id: deliveryId, deliveryRequest: { approvalState: "SENT", channel: { providerId } } },
    select: {
      id: true,
      beneficiaryId: true,
      beneficiaryRef: true,
      amountMinor: true,
      status: true,
      deliveredAt: true,
      deliveredAmountMinor: true,
      revertedAt: true,
      refundRequestedAt: true,
      deliveryRequest: {
        select: {
          id: true,
          unit: true,
          programId: true,
          program: { select: { ...POLICY_COLUMNS, name: true } },
        },
      },
    },
  });
  if (!delivery) return null;
  const { deliveryRequest: request } = delivery;
  return {
    id: delivery.id,
    /** Sealed as stored (issue 36): the key of a reason that may name the beneficiary. */
    beneficiaryId: delivery.beneficiaryId,
    beneficiaryRef: delivery.beneficiaryRef,
    amountMinor: delivery.amountMinor,
    unit: request.unit,
    status: delivery.status,
    deliveredAmountMinor: delivery.deliveredAmountMinor,
    pending: delivery.deliveredAt === null && delivery.revertedAt === null,
    refundRequested: delivery.refundRequestedAt !== null,
    deliveryRequestId: request.id,
    programId: request.programId,
    program: request.program,
  };
}

export type DeliveryNow = NonNullable<Awaited<ReturnType<typeof deliveryNow>>>;

/** The break, its upload's provider, and its delivery now; null when there is no such break. */
export async function breakNow(tx: Tx | Db, breakId: string) {
  const row = await tx.statementBreak.findUnique({
    where: { id: breakId },
    include: { upload: { select: { providerId: true, provider: { select: { name: true } } } } },
  });
  if (!row) return null;
  const { upload, ...brk } = row;
  return {
    ...brk,
    providerId: upload.providerId,
    providerName: upload.provider.name,
    delivery: await deliveryNow(tx, brk.deliveryId, upload.providerId),
  };
}

export type BreakNow = NonNullable<Awaited<ReturnType<typeof breakNow>>>;
