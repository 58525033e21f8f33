/**
 * One delivery attempt of a claimed event and how its outcome is recorded: the attempt in the
 * delivery log (WebhookAttempt), the event's new state (written only while the claim is still the
 * worker's own), and the subscription's health (lib/jobs/webhook-health.ts).
 */

import { eventBody } from "@/lib/domain/webhooks";
import { db } from "../db";
import { previousSecret, subscriptionAuth } from "../domain/webhooks";
import { admitHeavyWork, ServerBusy } from "../infrastructure/admission";
import { metrics } from "../infrastructure/metrics";
import { withWebhookPostSpan } from "../infrastructure/tracing";
import { log } from "../log";
import { FAILURE_TEXT } from "../webhooks/failure-reasons";
import { type CallbackAnswer, type PostOptions, postCallback } from "../webhooks/post";
import { nextRetryDelayMs } from "../webhooks/schedule";
import { callbackHeaders } from "../webhooks/signing";
import type { EventRow, Subscription } from "./webhook-claims";
import { type Failure, healthWrites, type Outcome } from "./webhook-health";

export interface Result {
  event: EventRow;
  claimToken: string;
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

/** Payloads above this are built within the heavy-work budget (lib/infrastructure/admission.ts). */
const LARGE_PAYLOAD_BYTES = 1024 * 1024;
/** Heap a payload's attempt holds per byte: its items, their join and the body sent. */
const HEAP_PER_PAYLOAD_BYTE = 4;

/** One HTTP call; never throws, writes nothing (see createRecorder). */
export async function deliver(
  event: EventRow,
  claimToken: string,
  subscription: Subscription | undefined,
  /** leaseMs: how long the claim holds; a large payload waits at most half of it for heap. */
  options: PostOptions & { leaseMs: number },
): Promise<Result> {
  if (!subscription || subscription.disabledAt) {
    const reason = subscription ? "The subscription is disabled" : "No subscription for this event type";
    return { event, claimToken, outcome: { kind: "skipped", reason } };
  }
  const startedAt = new Date();
  let outcome: Outcome;
  let answer: CallbackAnswer | undefined;
  const post = async (traceHeaders: Record<string, string> | undefined) => {
    const body = await eventBody(event);
    // The real time, not the scheduling clock: receivers check webhook-timestamp against their own,
    // and a rotation's grace period ends in real time.
    const now = new Date();
    const auth = subscriptionAuth(subscription);
    const headers = callbackHeaders(event.id, body, auth, now, previousSecret(subscription, now));
    return postCallback(subscription.callbackUrl, body, { ...headers, ...traceHeaders }, options);
  };
  try {
    // A send's payload of up to 15 MB is built for its attempt: within the process's heavy-work
    // budget, as the send itself was, so that several at once cannot exhaust the heap (issue 35).
    const bytes = event.filledBytes ?? 0;
    // With traces on, the POST is a span of the trace stored with the event (the API call that queued it).
    answer = await withWebhookPostSpan(event, subscription.callbackUrl, (traceHeaders) =>
      bytes > LARGE_PAYLOAD_BYTES
        ? admitHeavyWork(bytes * HEAP_PER_PAYLOAD_BYTE, () => post(traceHeaders), options.leaseMs / 2)
        : post(traceHeaders),
    );
    outcome = outcomeOf(answer);
  } catch (error) {
    outcome = { kind: "failed", error: describeNetworkError(error) };
  }
  metrics().webhookAttempts.inc({
    outcome: outcome.kind,
    http_response_status_code: answer ? String(answer.status) : "none",
  });
  const attempt = {
    eventId: event.id,
    startedAt,
    durationMs: Date.now() - startedAt.getTime(),
    callbackUrl: subscription.callbackUrl,
    httpStatus: answer?.status ?? null,
    responseSnippet: answer?.snippet ?? null,
    error: outcome.kind === "failed" ? outcome.error : null,
  };
  return { event, claimToken, subscription, outcome, attempt };
}

/** Why no answer came, said the way the webhooks page shows a failing endpoint's reason. */
function describeNetworkError(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const code = (error as { code?: unknown } | null)?.code;
  // request-filtering-agent refuses with "DNS lookup … is not allowed. Because, It is private IP address."
  if (/not allowed/i.test(message)) return `${FAILURE_TEXT.private} (${message})`;
  if (/^no answer within/.test(message)) return `${FAILURE_TEXT.timeout}: ${message}`;
  if (error instanceof ServerBusy) return FAILURE_TEXT.busy;
  if (code === "ENOTFOUND" || code === "EAI_AGAIN") return `${FAILURE_TEXT.dns} (${message})`;
  if (code === "ECONNREFUSED") return `${FAILURE_TEXT.connectionRefused} (${message})`;
  return message;
}

/**
 * Records outcomes as they come, each without waiting for any other delivery: whatever finished
 * while the previous write was committing goes into the next one (a group commit), so a busy worker
 * writes few transactions and a lone outcome is written at once. `record` settles once its outcome
 * is committed, or rejects with the write's error (the claim then expires and the event is sent
 * again: at least once, never lost).
 */
export function createRecorder() {
  let queue: Array<{ result: Result; now: Date; done: (error?: unknown) => void }> = [];
  let writing = false;
  async function drain() {
    while (queue.length) {
      const batch = queue;
      queue = [];
      const error = await recordResults(batch).then(
        () => undefined,
        (failure: unknown) => failure ?? new Error("recording failed"),
      );
      for (const { done } of batch) done(error);
    }
    writing = false;
  }
  return (result: Result, now: Date) =>
    new Promise<void>((resolve, reject) => {
      queue.push({ result, now, done: (error) => (error ? reject(error) : resolve()) });
      if (writing) return;
      writing = true;
      setImmediate(drain);
    });
}

/** One transaction: the attempts, each event's new state where the claim is still its worker's, health. */
async function recordResults(batch: Array<{ result: Result; now: Date }>) {
  const released = { lockedUntil: null, claimToken: null };
  const deliveredByClaim = new Map<string, string[]>();
  const others = [];
  for (const { result, now } of batch) {
    const { event, claimToken, outcome } = result;
    if (outcome.kind === "delivered")
      deliveredByClaim.set(claimToken, [...(deliveredByClaim.get(claimToken) ?? []), event.id]);
    else {
      const data =
        outcome.kind === "skipped"
          ? { state: "SKIPPED", lastError: outcome.reason }
          : failedEventUpdate(event, outcome, now);
      others.push(
        db().outboxEvent.updateMany({ where: { id: event.id, claimToken }, data: { ...released, ...data } }),
      );
    }
  }
  const health = healthWrites(
    batch.map(({ result, now }) => ({
      subscriptionId: result.subscription?.id,
      outcome: result.outcome,
      now,
    })),
  );
  const forgotten = expiredSecretWrites(batch.map(({ result }) => result.subscription));
  // Subscriptions are shared by every worker: each transaction updates them in id order, so two
  // workers recording outcomes of the same subscriptions cannot deadlock on PostgreSQL (issue 35).
  const subscriptionWrites = [
    ...forgotten.map((write) => ({ ...write, disables: undefined })),
    ...health,
  ].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const results = await db().$transaction([
    db().webhookAttempt.createMany({
      data: batch.flatMap(({ result }) => (result.attempt ? [result.attempt] : [])),
    }),
    ...[...deliveredByClaim].map(([claimToken, ids]) =>
      db().outboxEvent.updateMany({
        where: { id: { in: ids }, claimToken },
        data: {
          ...released,
          state: "DELIVERED",
          deliveredAt: new Date(),
          attempts: { increment: 1 },
          lastError: null,
        },
      }),
    ),
    ...others,
    // Last: their results are read by position below.
    ...subscriptionWrites.map((write) => write.query),
  ]);
  subscriptionWrites.forEach(({ disables }, index) => {
    const written = results[results.length - subscriptionWrites.length + index] as { count: number };
    if (disables && written.count > 0) log.warn(disables, "webhook subscription disabled");
  });
}

/**
 * A rotated-out secret is kept (sealed) only while its grace period lasts: the first delivery after
 * it forgets it. Real time, as previousSecret reads it; conditional, in case a rotation just wrote a new one.
 */
function expiredSecretWrites(subscriptions: Array<Subscription | undefined>) {
  const now = new Date();
  const expired = new Set(
    subscriptions
      .filter((subscription) => subscription?.previousAuthSealed && subscription.previousAuthUntil)
      .filter((subscription) => subscription!.previousAuthUntil! <= now)
      .map((subscription) => subscription!.id),
  );
  return [...expired].map((id) => ({
    id,
    query: db().subscription.updateMany({
      where: { id, previousAuthUntil: { lte: now } },
      data: { previousAuthSealed: null, previousAuthUntil: null },
    }),
  }));
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
