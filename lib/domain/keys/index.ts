/**
 * The keys module's public face: `@/lib/domain/keys`, the credentials the APIs take. Inside
 * lib/domain, import the file you need (./keys/api-keys, ./keys/rotation).
 *
 * - api-keys.ts: providers and their API keys (SHA-256 at rest), issuing, revoking, authenticating
 * - rotation.ts: the portal's keys: several per provider, a scope, an expiry, a roll with a grace end
 * - requests.ts: each key's last requests, buffered in memory and flushed, for the portal's log
 * - platform-tokens.ts: platform users' tokens for /api/platform/v1
 */

export {
  type ApiPrincipal,
  apiKeyActor,
  authenticateApiKey,
  createProvider,
  forgetCachedKeys,
  issueApiKey,
  type KeyCheck,
  regenerateApiKey,
  revokeApiKey,
} from "./api-keys";
export {
  authenticatePlatformToken,
  issuePlatformToken,
  listPlatformTokens,
  revokePlatformToken,
  type TokenCheck,
} from "./platform-tokens";
export { flushKeyRequests, KEEP_PER_KEY, keyRequestLog, recordKeyRequest } from "./requests";
export {
  apiKeyOf,
  createApiKey,
  EXPIRY_WARNING_DAYS,
  expiringApiKeys,
  type KeyState,
  keyState,
  listApiKeys,
  MAX_GRACE_DAYS,
  rollApiKey,
} from "./rotation";
