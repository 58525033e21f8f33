/**
 * The counters of the provider API's rate limit (docs/api.md "Rate limits"): a fixed window per API key,
 * shared by every app instance. One interface, two stores, chosen here: Redis when REDIS_URL is set
 * (lib/infrastructure/redis-rate-counter.ts), else the database. Counting is one round trip either way.
 * The API side (headers, 429) is lib/api/rate-limit.ts.
 */
import { apiRateLimit, redisSetting } from "../../config";
import { countApiRequest } from "../../db";
import { redisCounter } from "../../infrastructure/redis-rate-counter";
import { log } from "../../log";

export interface Window {
  /** Epoch seconds, a multiple of the window's length. */
  start: number;
  seconds: number;
}

export interface RateCounter {
  /** Counts one request of `apiKeyId` in `window`; answers the window's count so far, this one included. */
  hit(apiKeyId: string, window: Window): Promise<{ count: number; windowStart: number }>;
}

/** One upsert in the ApiRateLimit row of the key, through the driver (lib/db/rate-counts.ts). */
const databaseCounter: RateCounter = {
  hit: (apiKeyId, window) => countApiRequest(apiKeyId, window.start),
};

let chosen: { url: string | undefined; counter: RateCounter } | undefined;

/** The store of the current settings: Redis when REDIS_URL is set, else the database. */
function counter(): RateCounter {
  const redis = redisSetting();
  if (!chosen || chosen.url !== redis?.url) {
    chosen = { url: redis?.url, counter: redis ? redisCounter(redis) : databaseCounter };
  }
  return chosen.counter;
}

export interface Usage {
  limit: number;
  windowSeconds: number;
  /** Requests left in the window (0 once over the limit). */
  remaining: number;
  /** Seconds until the window ends and the count starts afresh. */
  resetSeconds: number;
  exceeded: boolean;
}

/** Warnings of a failing store, at most this often: every request would otherwise log one. */
const WARN_EVERY_MS = 10_000;
let warnedAt = 0;

/**
 * Counts one request of the key against the limit. When the store fails (Redis unreachable), the
 * request is let through uncounted (undefined) with a logged warning: refusing every request
 * because the counter is down would turn a degraded limit into an outage.
 */
export async function countRequest(apiKeyId: string, now = Date.now()): Promise<Usage | undefined> {
  const setting = apiRateLimit();
  if (!setting) return undefined;
  const { limit, windowSeconds } = setting;
  const start = Math.floor(now / 1000 / windowSeconds) * windowSeconds;
  try {
    const { count, windowStart } = await counter().hit(apiKeyId, { start, seconds: windowSeconds });
    const endsAt = (windowStart + windowSeconds) * 1000;
    return {
      limit,
      windowSeconds,
      remaining: Math.max(0, limit - count),
      resetSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)),
      exceeded: count > limit,
    };
  } catch (error) {
    if (now - warnedAt >= WARN_EVERY_MS) {
      warnedAt = now;
      log.warn({ err: error }, "rate-limit counter unavailable: requests are not limited meanwhile");
    }
    return undefined;
  }
}
