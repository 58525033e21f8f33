/**
 * Erasing a beneficiary at their request (issue 36): `@/lib/domain/erasures`. Above webhooks, as an
 * erasure tells each provider to erase its copy (BENEFICIARY_ERASED), and above beneficiary-data,
 * whose keys it destroys.
 *
 * - erase-beneficiary.ts: erasure requests, decided by a second administrator, and the erasure itself
 */

export {
  decideErasure,
  ERASURE_STATES,
  erasureRequests,
  requestErasure,
} from "./erase-beneficiary";
