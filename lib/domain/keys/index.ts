/**
 * The keys module's public face: `@/lib/domain/keys`, the credentials the APIs take. Above audit
 * only; notifications (expiring keys) and home read it.
 *
 * - api-keys.ts: providers' API keys (SHA-256 at rest), issuing, revoking, authenticating
 * - rotation.ts: the portal's keys: several per provider, a scope, an expiry, a roll with a grace end
 * - request-log.ts: each key's last requests, for the portal's log (written through
 *   lib/infrastructure/key-request-buffer.ts, whose record and flush this face hands on)
 * - platform-tokens.ts: platform users' tokens for /api/platform/v1
 */

export { flushKeyRequests, KEEP_PER_KEY, recordKeyRequest } from "../../infrastructure/key-request-buffer";
export {
  type ApiPrincipal,
  apiKeyActor,
  authenticateApiKey,
  forgetCachedKeys,
  issueApiKey,
  type KeyCheck,
  regenerateApiKey,
  revokeApiKey,
} from "./api-keys";
export {
  authenticatePlatformToken,
  issuePlatformToken,
  issuePlatformTokenByOperator,
  listPlatformTokens,
  revokePlatformToken,
  type TokenCheck,
} from "./platform-tokens";
export { keyRequestLog } from "./request-log";
export {
  apiKeyOf,
  createApiKey,
  EXPIRY_WARNING_DAYS,
  expiringApiKeys,
  expiringUnrolled,
  type KeyState,
  keyState,
  listApiKeys,
  MAX_GRACE_DAYS,
  rollApiKey,
} from "./rotation";
