/**
 * Beneficiaries' data keys: a random 256-bit key per beneficiary, made by the first send that names
 * the beneficiary, stored wrapped under the service key (lib/infrastructure/service-keys.ts) in
 * BeneficiaryKey, and destroyed by an erasure. Never cached unwrapped beyond one call: an erasure
 * must make the values unreadable to every instance at once.
 */
import { randomBytes } from "node:crypto";
import { insertBeneficiaryKeys, MAX_BOUND_VALUES, type Tx } from "../../db";
import { unwrapKey, wrapKey } from "../../infrastructure/service-keys";

export interface DataKey {
  id: string;
  key: Buffer;
}

type Reader = Pick<Tx, "beneficiaryKey">;

const CHUNK = Math.floor(MAX_BOUND_VALUES / 2);

function* chunks<T>(items: T[]) {
  for (let start = 0; start < items.length; start += CHUNK) yield items.slice(start, start + CHUNK);
}

/** A new key's id: 12 random bytes, base64url (16 characters), named in every value it seals. */
const newKeyId = () => randomBytes(12).toString("base64url");

/**
 * The live data key of each beneficiary (by id), made in `tx` for those that have none: a new
 * beneficiary, or one erased before. `refOf` is beneficiaryRefs()'s, asked before `tx` opened.
 */
export async function liveDataKeys(
  tx: Tx,
  beneficiaryIds: Iterable<string>,
  refOf: (beneficiaryId: string) => string,
): Promise<Map<string, DataKey>> {
  const refByBeneficiary = new Map<string, string>();
  let done = 0;
  for (const id of beneficiaryIds) {
    if (!refByBeneficiary.has(id)) refByBeneficiary.set(id, refOf(id));
    // A send names up to 10,000 beneficiaries: the hashing and wrapping below yield now and then.
    if (++done % YIELD_EVERY === 0) await yieldToLoop();
  }
  const byRef = await liveKeysOfRefs(tx, [...new Set(refByBeneficiary.values())]);
  const keys = new Map<string, DataKey>();
  for (const [beneficiaryId, ref] of refByBeneficiary) keys.set(beneficiaryId, byRef.get(ref)!);
  return keys;
}

/** The live data key of each ref, made in `tx` for those that have none. */
export async function liveKeysOfRefs(tx: Tx, refs: string[]): Promise<Map<string, DataKey>> {
  const byRef = await liveKeysByRef(tx, refs);
  const missing = refs.filter((ref) => !byRef.has(ref));
  if (missing.length > 0) {
    const made = new Map<string, DataKey>();
    const rows = [];
    for (const [n, ref] of missing.entries()) {
      const key = { id: newKeyId(), key: randomBytes(32) };
      made.set(ref, key);
      rows.push({ id: key.id, ref, wrappedKey: wrapKey(key.key) });
      if ((n + 1) % YIELD_EVERY === 0) await yieldToLoop();
    }
    const inserted = await insertBeneficiaryKeys(tx, rows);
    if (inserted === missing.length) for (const [ref, key] of made) byRef.set(ref, key);
    // A concurrent send made some of them first: read what won (ours, where ours did).
    else for (const [ref, key] of await liveKeysByRef(tx, missing)) byRef.set(ref, key);
  }
  return byRef;
}

/** Crypto work done between two yields to the event loop (each step some 20 µs). */
const YIELD_EVERY = 500;
const yieldToLoop = () => new Promise<void>((resolve) => setImmediate(resolve));

async function liveKeysByRef(reader: Reader, refs: string[]) {
  const byRef = new Map<string, DataKey>();
  for (const chunk of chunks(refs)) {
    const rows = await reader.beneficiaryKey.findMany({
      where: { liveRef: { in: chunk } },
      select: { id: true, liveRef: true, wrappedKey: true },
    });
    for (const row of rows)
      if (row.liveRef && row.wrappedKey)
        byRef.set(row.liveRef, { id: row.id, key: unwrapKey(row.wrappedKey) });
  }
  return byRef;
}

/** The unwrapped keys of these ids; an erased or unknown key is absent. */
export async function dataKeysById(reader: Reader, ids: Iterable<string>): Promise<Map<string, Buffer>> {
  const keys = new Map<string, Buffer>();
  for (const chunk of chunks([...new Set(ids)])) {
    const rows = await reader.beneficiaryKey.findMany({
      where: { id: { in: chunk }, wrappedKey: { not: null } },
      select: { id: true, wrappedKey: true },
    });
    for (const row of rows) keys.set(row.id, unwrapKey(row.wrappedKey!));
  }
  return keys;
}
