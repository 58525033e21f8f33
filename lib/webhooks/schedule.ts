/**
 * When to try a failed callback again: Standard Webhooks' schedule (after the immediate attempt:
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 14 h, 20 h, 24 h), each ±10% so that many failed events do not
 * retry in lockstep. A receiver's Retry-After (429/503) wins when it asks for longer.
 */
const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const RETRY_DELAYS_MS = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];

/** Attempts in one round: the immediate one and one per delay. */
export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/** A subscription failing every attempt this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * HOUR;

/** Delay before the next attempt after `attempts` failed ones; undefined when the round is over. */
export function nextRetryDelayMs(
  attempts: number,
  retryAfterMs?: number,
  random = Math.random,
): number | undefined {
  const base = RETRY_DELAYS_MS[attempts - 1];
  if (base === undefined) return undefined;
  const jittered = Math.round(base * (0.9 + 0.2 * random()));
  return retryAfterMs !== undefined ? Math.max(jittered, Math.min(retryAfterMs, 24 * HOUR)) : jittered;
}
