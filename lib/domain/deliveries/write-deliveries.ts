/**
 * A send's Delivery rows, written in its transaction a batch at a time (lib/db/delivery-writes.ts),
 * each row's option values sealed with its beneficiary's data key (issue 36).
 */
import { randomUUID } from "node:crypto";
import { insertDeliveryRows, type Tx } from "../../db";
import { liveDataKeys, sealValue } from "../beneficiary-data";
import { toMinor } from "../money";
import { type DeliveryList, type DeliveryOption, forEachBatch, optionPairs } from "./checks";

/**
 * Writes the deliveries' rows a batch at a time: what a send holds beyond its input stays bounded.
 * Each row's option values are sealed with its beneficiary's data key (issue 36): the database holds
 * none in clear.
 */
export async function writeDeliveries(
  tx: Tx,
  deliveryRequestId: string,
  deliveries: DeliveryList,
  options: DeliveryOption[],
  refOf: (beneficiaryId: string) => string,
) {
  const beneficiaryIds = new Set<string>();
  await forEachBatch(deliveries, (batch) => {
    for (const delivery of batch) beneficiaryIds.add(delivery.beneficiaryId);
  });
  const keys = await liveDataKeys(tx, beneficiaryIds, refOf);
  await forEachBatch(deliveries, (batch) =>
    insertDeliveryRows(
      tx,
      deliveryRequestId,
      batch.map((delivery) => ({
        id: randomUUID(),
        beneficiaryId: delivery.beneficiaryId,
        amountMinor: toMinor(delivery.amount),
        options: sealValue(
          keys.get(delivery.beneficiaryId)!,
          JSON.stringify(optionPairs(delivery.options, options)),
        ),
      })),
    ),
  );
}
