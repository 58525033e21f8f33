/**
 * A delivery's beneficiary id (issue 36, item 1): stored sealed with the beneficiary's data key,
 * found by its ref. Every reader opens it here: in clear while the key lives; the tombstone
 * `erased-<start of the ref>` once an erasure or retention destroyed the key (an erasure also writes
 * the tombstone in place); plain text as it is in rows from before sealing.
 */
import { db, type Tx } from "../../db";
import { type DataKey, dataKeysById, liveKeysOfRefs } from "./data-keys";
import { openValue, sealingKeyId } from "./sealed-values";

/** The beneficiary id erased deliveries show instead of theirs: says erased, names nobody. */
export const erasedBeneficiaryId = (ref: string) => `${TOMBSTONE_PREFIX}${ref.slice(0, 12)}`;

/** How every tombstone starts; a send refuses a live id that does (lib/domain/deliveries/checks.ts). */
export const TOMBSTONE_PREFIX = "erased-";

/** Whether an opened id is erasedBeneficiaryId's tombstone (shown as it is: it names nobody). */
export const isTombstone = (beneficiaryId: string) => beneficiaryId.startsWith(TOMBSTONE_PREFIX);

interface StoredId {
  beneficiaryId: string;
  beneficiaryRef: string | null;
}

/** An opener of these rows' beneficiary ids, their keys read once. */
export async function beneficiaryIdOpener(
  rows: StoredId[],
  reader: Pick<Tx, "beneficiaryKey"> = db(),
): Promise<(row: StoredId) => string> {
  const keys = await dataKeysById(
    reader,
    rows.flatMap((row) => sealingKeyId(row.beneficiaryId) ?? []),
  );
  return (row) => openValue(keys, row.beneficiaryId) ?? erasedBeneficiaryId(row.beneficiaryRef ?? "");
}

/** The rows with their beneficiary ids opened. */
export async function withBeneficiaryIds<T extends StoredId>(
  rows: T[],
  reader: Pick<Tx, "beneficiaryKey"> = db(),
): Promise<T[]> {
  const open = await beneficiaryIdOpener(rows, reader);
  return rows.map((row) => ({ ...row, beneficiaryId: open(row) }));
}

/**
 * The live data key of a delivery's beneficiary, to seal more about them (a refund's reasons): the
 * key that sealed its id while it lives, else one made for its ref (after retention destroyed the
 * key), else by its id in a row from before ids were sealed (or an erased row's tombstone).
 */
export async function deliveryDataKey(
  tx: Tx,
  delivery: { beneficiaryId: string; beneficiaryRef: string | null },
  refOf: (beneficiaryId: string) => string,
): Promise<DataKey> {
  const keyId = sealingKeyId(delivery.beneficiaryId);
  const key = keyId ? (await dataKeysById(tx, [keyId])).get(keyId) : undefined;
  if (keyId && key) return { id: keyId, key };
  const ref = delivery.beneficiaryRef ?? refOf(delivery.beneficiaryId);
  return (await liveKeysOfRefs(tx, [ref])).get(ref)!;
}
