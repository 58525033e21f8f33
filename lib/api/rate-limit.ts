/**
 * The provider API's rate limit per API key, on the HTTP side: the request is counted right after
 * its key is known (before its body is read), over the limit it is a 429 with Retry-After, and every
 * answer to an authenticated request carries the RateLimit-Policy and RateLimit fields of the IETF
 * httpapi draft (draft-ietf-httpapi-ratelimit-headers-10, structured-field syntax). Counters:
 * lib/domain/request-guards/rate-counter.ts.
 */
import { countRequest, type Usage } from "../domain/request-guards";
import { metrics } from "../infrastructure/metrics";
import { type ApiError, tooManyRequests } from "./api-errors";

export const RATE_LIMIT_POLICY_HEADER = "RateLimit-Policy";
export const RATE_LIMIT_HEADER = "RateLimit";
/** The draft's policy name; the API has one policy. */
const POLICY_NAME = "default";

/** An endpoint's answer: an ApiResult of lib/api/answer-envelope.ts (lib/api/endpoint.ts imports this module). */
type Answer = { status: number; json: string; headers?: Record<string, string> };

/** The draft's fields for this usage (lower-case, as the servers send them), plus Retry-After over the limit. */
export function rateLimitHeaders(usage: Usage): Record<string, string> {
  const headers: Record<string, string> = {
    "ratelimit-policy": `"${POLICY_NAME}";q=${usage.limit};w=${usage.windowSeconds}`,
    ratelimit: `"${POLICY_NAME}";r=${usage.remaining};t=${usage.resetSeconds}`,
  };
  if (usage.exceeded) headers["retry-after"] = String(usage.resetSeconds);
  return headers;
}

/**
 * Counts the request of `apiKeyId`, then serves it (`serve`) or refuses it over the limit (`refuse`
 * builds the 429's envelope), with the fields added either way. A request the store could not count
 * is served without them.
 */
export async function withinRateLimit<A extends Answer>(
  apiKeyId: string,
  serve: () => Promise<A>,
  refuse: (error: ApiError) => A,
): Promise<A> {
  const usage = await countRequest(apiKeyId);
  if (!usage) return serve();
  if (usage.exceeded) metrics().rateLimitRefusals.inc({ limit: "api_key" });
  const result = usage.exceeded
    ? refuse(tooManyRequests(usage.limit, usage.windowSeconds, usage.resetSeconds))
    : await serve();
  return { ...result, headers: { ...result.headers, ...rateLimitHeaders(usage) } };
}
