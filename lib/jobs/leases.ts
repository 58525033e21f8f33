/**
 * The lease both job tables use (outbox events, translation jobs): a worker claims a row by setting
 * lockedUntil; a row whose lease is absent or expired — its worker died — may be claimed again.
 */

/** Not leased by a live worker. */
export const unleased = (now: Date) => ({ OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] });

/** Pending, due, and not leased by a live worker. */
export const dueAndUnleased = (now: Date) => ({
  state: "PENDING",
  nextAttemptAt: { lte: now },
  ...unleased(now),
});
