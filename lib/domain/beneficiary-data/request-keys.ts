/**
 * A delivery request's own data key, for free text about the request that may name any of its
 * beneficiaries: a rejection's reason (issue 36, item 1). It is a BeneficiaryKey row like a
 * beneficiary's, its ref `request.<request id>` (a beneficiary's ref is base64url, never holds a
 * dot, so the two never meet). It is destroyed when any of the request's beneficiaries is erased
 * (the text may name them) and when retention erases the request's last values: then the reason
 * is unreadable in the request, its decision and its audit entry at once.
 */
import type { Tx } from "../../db";
import { type DataKey, liveKeysOfRefs } from "./data-keys";

const requestKeyRef = (deliveryRequestId: string) => `request.${deliveryRequestId}`;

/** The request's live key, made in `tx` if it has none. */
export async function requestDataKey(tx: Tx, deliveryRequestId: string): Promise<DataKey> {
  const ref = requestKeyRef(deliveryRequestId);
  return (await liveKeysOfRefs(tx, [ref])).get(ref)!;
}

/** Destroys these requests' keys (crypto-shredding their free text). */
export async function destroyRequestKeys(tx: Tx, deliveryRequestIds: string[], now = new Date()) {
  if (deliveryRequestIds.length === 0) return;
  await tx.beneficiaryKey.updateMany({
    where: { liveRef: { in: deliveryRequestIds.map(requestKeyRef) } },
    data: { wrappedKey: null, liveRef: null, erasedAt: now },
  });
}
