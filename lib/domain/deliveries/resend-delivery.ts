/**
 * Re-sending a delivery the provider never had (issue 32, item 5: a statement break settled by a
 * re-send). In the caller's transaction, so both happen or neither: the original is counted not
 * delivered through Sync's path (reverted: its amount back in the budgets), and the same beneficiary,
 * amount and options go again to the same channel as a request of their own, reserved and
 * announced as every send is. The caller's approvals are the new request's: it is sent, not held.
 */
import { say } from "../../contract/validation-messages";
import type { Tx } from "../../db";
import { dataKeysById, isTombstone, openValue, sealingKeyId, withBeneficiaryIds } from "../beneficiary-data";
import { conflict } from "../errors";
import { fromMinor } from "../money";
import type { Actor } from "../permissions";
import { writeRequest } from "./send-delivery-request";
import { applyDeliveryOutcomesIn } from "./sync-outcomes";

export async function resendDelivery(
  tx: Tx,
  actor: Actor,
  resend: { deliveryId: string; providerId: string; idempotencyKey: string },
  refOf: (beneficiaryId: string) => string,
): Promise<string> {
  const row = await tx.delivery.findUniqueOrThrow({
    where: { id: resend.deliveryId },
    select: {
      beneficiaryId: true,
      beneficiaryRef: true,
      amountMinor: true,
      options: true,
      deliveryRequest: { select: { programId: true, channelId: true } },
    },
  });
  const [opened] = await withBeneficiaryIds([row], tx);
  const keyId = sealingKeyId(row.options);
  const options = openValue(await dataKeysById(tx, keyId ? [keyId] : []), row.options);
  // Erased (or past retention): who it was for is gone, so there is no one to send it to again.
  if (isTombstone(opened!.beneficiaryId) || options === null)
    throw conflict(say("resendOfErasedBeneficiary"));
  await applyDeliveryOutcomesIn(tx, actor, resend.providerId, [
    { deliveryId: resend.deliveryId, status: "DELIVERY_REVERTED" },
  ]);
  const pairs = JSON.parse(options) as Array<{ key: string; value: string }>;
  const sent = await writeRequest(
    tx,
    actor,
    {
      programId: row.deliveryRequest.programId,
      channelId: row.deliveryRequest.channelId,
      description: `Re-send of delivery ${resend.deliveryId}`,
      deliveries: [
        {
          beneficiaryId: opened!.beneficiaryId,
          amount: fromMinor(row.amountMinor),
          options: Object.fromEntries(pairs.map((pair) => [pair.key, pair.value])),
        },
      ],
      idempotencyKey: resend.idempotencyKey,
      // The same beneficiary and amount as a request sent before: the re-send is meant.
      confirmDuplicate: true,
    },
    `Re-send of delivery ${resend.deliveryId}`,
    refOf,
    true,
  );
  return sent.deliveryRequestId;
}
