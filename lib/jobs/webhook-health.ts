/**
 * A subscription's health, written with each batch of outcomes (lib/jobs/webhook-outcomes.ts): the
 * failure streak (consecutive failed attempts), the last failure's time and short reason, and the
 * disabled state (410 Gone at once; five days in which every attempt failed). Conditional or
 * incrementing updates, because other deliveries to the same subscription (in this worker or
 * another) write it too.
 */
import { db } from "../db";
import { FAILURE_TEXT } from "../webhooks/failure-reasons";
import { DISABLE_AFTER_FAILING_MS } from "../webhooks/schedule";

export type Failure = { kind: "failed"; error: string; retryAfterMs?: number; gone?: boolean };
export type Outcome = { kind: "delivered" } | { kind: "skipped"; reason: string } | Failure;

/** The reason shown on the webhooks page: the attempt's error, short. */
const REASON_CHARS = 200;
const reasonOf = (failure: Failure) =>
  failure.error.length > REASON_CHARS ? `${failure.error.slice(0, REASON_CHARS - 1)}…` : failure.error;

interface SubscriptionOutcomes {
  id: string;
  /** In the order they were recorded. */
  outcomes: Outcome[];
  now: Date;
}

/**
 * Groups a batch's outcomes by subscription, then per subscription: a success ends the streak
 * (failures recorded after it in the batch start a new one); failures lengthen it and may disable.
 */
export function healthWrites(batch: Array<{ subscriptionId?: string; outcome: Outcome; now: Date }>) {
  const bySubscription = new Map<string, SubscriptionOutcomes>();
  for (const { subscriptionId, outcome, now } of batch) {
    if (!subscriptionId) continue;
    const entry = bySubscription.get(subscriptionId);
    if (entry) entry.outcomes.push(outcome);
    else bySubscription.set(subscriptionId, { id: subscriptionId, outcomes: [outcome], now });
  }
  return [...bySubscription.values()].flatMap((entry) =>
    writesFor(entry).map((write) => ({ id: entry.id, disables: undefined, ...write })),
  );
}

function writesFor({ id, outcomes, now }: SubscriptionOutcomes) {
  const subscriptions = db().subscription;
  const gone = outcomes.some((outcome) => outcome.kind === "failed" && outcome.gone);
  const lastSuccess = gone ? -1 : outcomes.findLastIndex((outcome) => outcome.kind === "delivered");
  const failures = outcomes
    .slice(lastSuccess + 1)
    .filter((outcome): outcome is Failure => outcome.kind === "failed");
  const lastFailure = failures.at(-1);
  if (lastSuccess >= 0 && !lastFailure)
    return [
      {
        query: subscriptions.updateMany({
          where: { id, OR: [{ failingSince: { not: null } }, { failureStreak: { gt: 0 } }] },
          data: { failingSince: null, failureStreak: 0 },
        }),
      },
    ];
  if (!lastFailure) return [];
  const failed = { lastFailureAt: now, lastFailureReason: reasonOf(lastFailure) };
  if (lastSuccess >= 0)
    // A success, then failures, in one batch: the streak is those failures, starting now.
    return [
      {
        query: subscriptions.updateMany({
          where: { id },
          data: { ...failed, failingSince: now, failureStreak: failures.length },
        }),
      },
    ];
  const disabledReason = gone ? FAILURE_TEXT.gone : FAILURE_TEXT.failingForDays;
  const streakStart = gone
    ? {}
    : { failingSince: { lte: new Date(now.getTime() - DISABLE_AFTER_FAILING_MS) } };
  return [
    {
      query: subscriptions.updateMany({
        where: { id },
        data: { ...failed, failureStreak: { increment: failures.length } },
      }),
    },
    { query: subscriptions.updateMany({ where: { id, failingSince: null }, data: { failingSince: now } }) },
    {
      query: subscriptions.updateMany({
        where: { id, disabledAt: null, ...streakStart },
        data: { disabledAt: now, disabledReason },
      }),
      disables: { subscriptionId: id, disabledReason },
    },
  ];
}
