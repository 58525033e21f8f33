/**
 * Beneficiaries' data (issue 36): `@/lib/domain/beneficiary-data`. Below deliveries, payments,
 * webhooks and programs, which store and read what it seals; above the audit trail.
 *
 * - lookup-key.ts: a beneficiary's ref (HMAC of its id), which names it without saying who it is
 * - data-keys.ts: a data key per beneficiary, wrapped under the service key
 * - sealed-values.ts: a value sealed with a data key, and opened (null once erased)
 * - mask.ts: what a role that may not see a value sees of it
 */
export { type DataKey, dataKeysById, liveDataKeys } from "./data-keys";
export { beneficiaryRef, beneficiaryRefs } from "./lookup-key";
export { maskValue } from "./mask";
export { isSealed, openValue, sealingKeyId, sealValue } from "./sealed-values";
