/**
 * Delivers outbox events to providers' webhooks, at least once. A worker claims due events with a
 * lease (lockedUntil + claimToken) in a conditional update, so several workers — in the app process
 * or `npm run worker` processes, on SQLite or PostgreSQL — never send the same event at once, and a
 * worker that dies mid-delivery releases its claim when the lease expires. Outcomes are recorded
 * only while the claim is still the worker's own.
 *
 * Only a 2xx is success. 410 Gone disables the subscription. Other failures retry on the schedule of
 * lib/webhooks/schedule.ts; after the last attempt the event is FAILED and stays replayable. Every
 * attempt is logged (WebhookAttempt) for the delivery log.
 */
import { randomUUID } from "node:crypto";
import { webhookSettings } from "../config";
import { db } from "../db";
import { subscriptionAuth } from "../domain/subscriptions";
import { log } from "../log";
import { onOutboxWritten } from "../domain/outbox-signal";
import { type CallbackAnswer, postCallback } from "../webhooks/post";
import { DISABLE_AFTER_FAILING_MS, nextRetryDelayMs } from "../webhooks/schedule";
import { callbackHeaders } from "../webhooks/signing";
import { dueAndUnleased, unleased } from "./leases";

type Settings = ReturnType<typeof webhookSettings>;

/**
 * Claims up to `limit` due events in one conditional update under one claim token (re-checked in
 * the update, so of several workers that saw the same rows each row goes to exactly one), then reads
 * back the rows this worker got.
 */
async function claimDueEvents(now: Date, limit: number, leaseMs: number) {
  const due = await db().outboxEvent.findMany({
    where: dueAndUnleased(now),
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
    select: { id: true },
  });
  if (due.length === 0) return { claimToken: "", events: [] };
  const claimToken = randomUUID();
  await db().outboxEvent.updateMany({
    where: {
      id: { in: due.map((event) => event.id) },
      state: "PENDING",
      ...unleased(now),
    },
    data: { lockedUntil: new Date(now.getTime() + leaseMs), claimToken },
  });
  const events = await db().outboxEvent.findMany({ where: { claimToken } });
  return { claimToken, events };
}

type EventRow = Awaited<ReturnType<typeof claimDueEvents>>["events"][number];

/** The subscriptions the claimed events go to, by provider and event type: one query per round. */
async function subscriptionsFor(events: EventRow[]) {
  const rows = await db().subscription.findMany({
    where: {
      providerId: { in: [...new Set(events.map((event) => event.providerId))] },
      eventType: { in: [...new Set(events.map((event) => event.eventType))] },
    },
  });
  return new Map(rows.map((row) => [`${row.providerId} ${row.eventType}`, row]));
}

type Subscription = Awaited<ReturnType<typeof subscriptionsFor>> extends Map<string, infer S> ? S : never;

type Outcome =
  | { kind: "delivered" }
  | { kind: "skipped"; reason: string }
  | { kind: "failed"; error: string; retryAfterMs?: number; gone?: boolean };

interface Result {
  event: EventRow;
  subscription?: Subscription;
  outcome: Outcome;
  attempt?: {
    eventId: string;
    startedAt: Date;
    durationMs: number;
    callbackUrl: string;
    httpStatus: number | null;
    responseSnippet: string | null;
    error: string | null;
  };
}

function outcomeOf(answer: CallbackAnswer): Outcome {
  if (answer.status >= 200 && answer.status < 300) return { kind: "delivered" };
  return {
    kind: "failed",
    error: `HTTP ${answer.status}`,
    retryAfterMs: answer.status === 429 || answer.status === 503 ? answer.retryAfterMs : undefined,
    gone: answer.status === 410,
  };
}

/** One HTTP call; never throws. Writes nothing: the round records all results together. */
async function deliver(
  event: EventRow,
  subscription: Subscription | undefined,
  settings: Settings,
): Promise<Result> {
  if (!subscription || subscription.disabledAt) {
    const reason = subscription ? "The subscription is disabled" : "No subscription for this event type";
    return { event, outcome: { kind: "skipped", reason } };
  }
  // The real time, not the scheduling clock: receivers check webhook-timestamp against their own.
  const headers = callbackHeaders(event.id, event.payload, subscriptionAuth(subscription), new Date());
  const startedAt = new Date();
  let outcome: Outcome;
  let answer: CallbackAnswer | undefined;
  try {
    answer = await postCallback(subscription.callbackUrl, event.payload, headers, settings);
    outcome = outcomeOf(answer);
  } catch (error) {
    outcome = { kind: "failed", error: describeNetworkError(error) };
  }
  const attempt = {
    eventId: event.id,
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    callbackUrl: subscription.callbackUrl,
    httpStatus: answer?.status ?? null,
    responseSnippet: answer?.snippet ?? null,
    error: outcome.kind === "failed" ? outcome.error : null,
  };
  return { event, subscription, outcome, attempt };
}

function describeNetworkError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // request-filtering-agent refuses with "DNS lookup … is not allowed. Because, It is private IP address."
  if (/not allowed/i.test(message))
    return `Refused: the callback address is private, loopback or link-local (${message})`;
  return message;
}

/**
 * Records a round in one transaction: the attempts, then each event's new state, written only where
 * the claim is still this worker's (a worker whose lease expired must not overwrite a newer claim).
 */
async function recordRound(claimToken: string, results: Result[], now: Date) {
  const released = { lockedUntil: null, claimToken: null };
  const ids = (kind: Outcome["kind"]) =>
    results.filter((result) => result.outcome.kind === kind).map((result) => result.event.id);
  const writes = [
    db().webhookAttempt.createMany({
      data: results.flatMap((result) => (result.attempt ? [result.attempt] : [])),
    }),
    db().outboxEvent.updateMany({
      where: { id: { in: ids("delivered") }, claimToken },
      data: {
        ...released,
        state: "DELIVERED",
        deliveredAt: new Date(),
        attempts: { increment: 1 },
        lastError: null,
      },
    }),
    ...results.flatMap(({ event, outcome }) => {
      if (outcome.kind === "delivered") return [];
      const data =
        outcome.kind === "skipped"
          ? { state: "SKIPPED", lastError: outcome.reason }
          : failedEventUpdate(event, outcome, now);
      return [
        db().outboxEvent.updateMany({ where: { id: event.id, claimToken }, data: { ...released, ...data } }),
      ];
    }),
  ];
  await db().$transaction(writes);
}

function failedEventUpdate(event: EventRow, outcome: Failure, now: Date) {
  const attempts = event.attempts + 1;
  const delay = outcome.gone ? undefined : nextRetryDelayMs(attempts, outcome.retryAfterMs);
  return {
    attempts,
    lastError: outcome.error,
    ...(delay === undefined ? { state: "FAILED" } : { nextAttemptAt: new Date(now.getTime() + delay) }),
  };
}

type Failure = Outcome & { kind: "failed" };
const failures = (results: Result[]) =>
  results.flatMap(({ outcome }) => (outcome.kind === "failed" ? [outcome] : []));

/**
 * Per subscription of the round: 410 disables it; a success ends its failing streak; failures only
 * start or continue the streak (and disable it after 5 days, see noteFailure).
 */
async function updateSubscriptionHealth(results: Result[], now: Date) {
  const bySubscription = new Map<string, Result[]>();
  for (const result of results) {
    if (result.subscription)
      bySubscription.set(result.subscription.id, [
        ...(bySubscription.get(result.subscription.id) ?? []),
        result,
      ]);
  }
  for (const own of bySubscription.values()) {
    const subscription = own[0]!.subscription!;
    const failed = failures(own);
    const gone = failed.find((failure) => failure.gone);
    const delivered = own.some((result) => result.outcome.kind === "delivered");
    if (gone || (failed.length && !delivered)) await noteFailure(subscription, now, gone ?? failed[0]!);
    else if (delivered && subscription.failingSince) {
      await db().subscription.update({ where: { id: subscription.id }, data: { failingSince: null } });
    }
  }
}

/** 410 disables at once; otherwise a subscription failing for 5 days without a success is disabled. */
async function noteFailure(subscription: Subscription, now: Date, outcome: Failure) {
  const failingSince = subscription.failingSince ?? now;
  const failingTooLong = now.getTime() - failingSince.getTime() >= DISABLE_AFTER_FAILING_MS;
  const disabledReason = outcome.gone
    ? "The receiver answered 410 Gone"
    : failingTooLong
      ? "Every delivery failed for 5 days"
      : null;
  await db().subscription.update({
    where: { id: subscription.id },
    data: { failingSince, ...(disabledReason ? { disabledAt: now, disabledReason } : {}) },
  });
  if (disabledReason)
    log.warn({ subscriptionId: subscription.id, disabledReason }, "webhook subscription disabled");
}

/**
 * Delivers the events due at `now` (an injectable clock for tests), a few at a time; returns how
 * many it handled.
 */
export async function runDueWebhookDeliveries(now = new Date(), limit = 16, settings = webhookSettings()) {
  const { claimToken, events } = await claimDueEvents(now, limit, settings.leaseMs);
  if (events.length === 0) return 0;
  log.debug({ claimed: events.length, claimToken }, "webhook round");
  const subscriptions = await subscriptionsFor(events);
  const results = await Promise.all(
    events.map((event) =>
      deliver(event, subscriptions.get(`${event.providerId} ${event.eventType}`), settings),
    ),
  );
  // If recording fails, the claims expire and the events are sent again: at least once, never lost.
  await recordRound(claimToken, results, now);
  log.debug({ claimToken }, "webhook round recorded");
  await updateSubscriptionHealth(results, now);
  return events.length;
}

/** Polls until stopped; a full round is followed at once by the next. Returns a stop function. */
export function startWebhookDispatcher(settings = webhookSettings()): () => Promise<void> {
  let stopped = false;
  let wake: () => void = () => {};
  let nudged = false;
  const stopListening = onOutboxWritten(() => {
    nudged = true;
    wake();
  });
  const loop = (async () => {
    while (!stopped) {
      nudged = false;
      const handled = await runDueWebhookDeliveries(new Date(), 16, settings).catch((error: unknown) => {
        log.error({ err: error }, "webhook dispatcher round failed");
        return 0;
      });
      if (handled === 0 && !stopped && !nudged) {
        // A referenced timer: it is what keeps `npm run worker` alive while there is nothing to do.
        await new Promise<void>((resolve) => {
          wake = resolve;
          setTimeout(resolve, settings.pollMs);
        });
      }
    }
  })();
  log.info("webhook dispatcher started");
  return async () => {
    stopped = true;
    stopListening();
    wake();
    await loop;
  };
}
