/**
 * Beneficiaries' data (issue 36): `@/lib/domain/beneficiary-data`. Below deliveries, payments,
 * webhooks and programs, which store and read what it seals; above the audit trail.
 *
 * - a beneficiary's ref (HMAC of its id), which names it without saying who it is, is computed by
 *   lib/infrastructure/beneficiary-refs.ts (the audit trail's filter needs it too)
 * - data-keys.ts: a data key per beneficiary, wrapped under the service key
 * - beneficiary-ids.ts: a delivery's beneficiary id, sealed, opened, found by its ref
 * - request-keys.ts: a delivery request's own key, for its rejection's reason
 * - sealed-values.ts: a value sealed with a data key, and opened (null once erased)
 * - mask.ts: what a role that may not see a value sees of it
 * - option-purposes.ts: what each delivery option's value is for, as its provider states it
 * - read-values.ts: who sees values in clear or masked, and the audit entry of each read in clear
 * - retention.ts: a program's retention period, its next erasure, and the worker's erasure of expired values
 * - rotate-keys.ts: wrapping every key again after the service key rotated (npm run keys:rotate)
 * - seal-old-reasons.ts: sealing, in that run, the reasons typed before they were sealed
 * - the erasure of a beneficiary at their request is lib/domain/erasures', above webhooks
 */

export { beneficiaryRef, beneficiaryRefs, deliveriesOf } from "../../infrastructure/beneficiary-refs";
export {
  beneficiaryIdOpener,
  deliveryDataKey,
  erasedBeneficiaryId,
  isTombstone,
  withBeneficiaryIds,
} from "./beneficiary-ids";
export { type DataKey, dataKeysById, liveDataKeys } from "./data-keys";
export { maskValue } from "./mask";
export { optionPurposes, setOptionPurposes } from "./option-purposes";
export {
  deliveryValues,
  idAsShown,
  mayKnowBeneficiaries,
  type OptionPair,
  pairsAsShown,
  recordValuesRead,
  showsClear,
  textOpener,
  type ValueView,
  valueViewOf,
} from "./read-values";
export { destroyRequestKeys, requestDataKey } from "./request-keys";
export { eraseExpiredValues, programRetention, setProgramRetention } from "./retention";
export { type RotationReport, rotateServiceKey } from "./rotate-keys";
export { isSealed, openValue, sealingKeyId, sealValue } from "./sealed-values";
