/**
 * A per-account sign-in limit, beside better-auth's per-address one: rotating client addresses
 * (a botnet, or a proxy's clients) must not multiply the guesses one account gets. Counters share
 * better-auth's RateLimit table, so every app instance counts the same attempts and its pruning of
 * old rows covers ours. Each step is one conditional UPDATE, atomic on both databases.
 */
import { createHash, randomUUID } from "node:crypto";
import { db, isUniqueViolation } from "../db";

export interface Rule {
  /** Seconds. */
  window: number;
  max: number;
}

export type Verdict = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** The email is hashed: the table need not hold who was tried, only how often. */
export function accountKey(email: string, path: string): string {
  const digest = createHash("sha256").update(email.trim().toLowerCase()).digest("base64url");
  return `account:${digest}|${path}`;
}

/**
 * Counts one attempt against `key`. The window is fixed from its first attempt (`lastRequest`
 * holds that start): better-auth's sliding variant would keep a targeted account locked for as
 * long as someone keeps guessing.
 */
export async function consumeAttempt(key: string, rule: Rule, now = Date.now()): Promise<Verdict> {
  const rows = db().rateLimit;
  const windowStart = BigInt(now - rule.window * 1000);
  for (let tries = 0; tries < 3; tries++) {
    const counted = await rows.updateMany({
      where: { key, lastRequest: { gt: windowStart }, count: { lt: rule.max } },
      data: { count: { increment: 1 } },
    });
    if (counted.count) return { allowed: true };
    const restarted = await rows.updateMany({
      where: { key, lastRequest: { lte: windowStart } },
      data: { count: 1, lastRequest: BigInt(now) },
    });
    if (restarted.count) return { allowed: true };
    const current = await rows.findUnique({ where: { key } });
    if (current && current.count >= rule.max && current.lastRequest > windowStart) {
      const endsAt = Number(current.lastRequest) + rule.window * 1000;
      return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil((endsAt - now) / 1000)) };
    }
    if (!current) {
      try {
        await rows.create({ data: { id: randomUUID(), key, count: 1, lastRequest: BigInt(now) } });
        return { allowed: true };
      } catch (error) {
        // Another request created it first: count against theirs.
        if (!isUniqueViolation(error)) throw error;
      }
    }
  }
  // Still contended after three rounds: refuse rather than let an attempt through uncounted.
  return { allowed: false, retryAfterSeconds: 1 };
}
