/**
 * The request guards' public face: `@/lib/domain/request-guards`, what keeps the provider API's
 * retries safe and its callers within their limits. The HTTP side of both is lib/api
 * (idempotency.ts, rate-limit.ts).
 *
 * - idempotency-store.ts: answers stored by Idempotency-Key, claimed, completed, replayed, purged
 * - rate-counter.ts: each API key's requests counted per window, in Redis or the database
 */

export {
  CLAIM_RENEW_MS,
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotentRequest,
  releaseIdempotencyKey,
  renewIdempotencyClaim,
  type StoredAnswer,
} from "./idempotency-store";
export { countRequest, type Usage } from "./rate-counter";
