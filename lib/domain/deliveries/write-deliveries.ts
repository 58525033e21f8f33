/**
 * A send's Delivery rows, written in its transaction a batch at a time (lib/db/delivery-writes.ts),
 * each row's beneficiary id and option values sealed with its beneficiary's data key (issue 36).
 */
import { v7 as uuidv7 } from "uuid";
import { insertDeliveryRows, type Tx } from "../../db";
import { liveDataKeys, sealValue } from "../beneficiary-data";
import { toMinor } from "../money";
import { type DeliveryList, type DeliveryOption, forEachBatch, optionPairs } from "./checks";

/**
 * Writes the deliveries' rows a batch at a time: what a send holds beyond its input stays bounded.
 * Each row's beneficiary id and option values are sealed with its beneficiary's data key (issue 36):
 * the database holds neither in clear, and finds a beneficiary's rows by its ref. Ids are uuid v7,
 * so the rows read back (pages, exports, the provider's event) in the order they were sent.
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
  // Each id's ref (an HMAC) is computed once: the keys' lookup and the rows both need it.
  const refs = new Map<string, string>();
  const refOnce = (beneficiaryId: string) => {
    let ref = refs.get(beneficiaryId);
    if (ref === undefined) refs.set(beneficiaryId, (ref = refOf(beneficiaryId)));
    return ref;
  };
  const keys = await liveDataKeys(tx, beneficiaryIds, refOnce);
  await forEachBatch(deliveries, (batch) =>
    insertDeliveryRows(
      tx,
      deliveryRequestId,
      batch.map((delivery) => {
        const key = keys.get(delivery.beneficiaryId)!;
        return {
          id: uuidv7(),
          beneficiaryId: sealValue(key, delivery.beneficiaryId),
          beneficiaryRef: refOnce(delivery.beneficiaryId),
          amountMinor: toMinor(delivery.amount),
          options: sealValue(key, JSON.stringify(optionPairs(delivery.options, options))),
        };
      }),
    ),
  );
}
