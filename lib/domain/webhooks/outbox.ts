/**
 * The one way an event enters the outbox: its payload typed by the contract (lib/contract/webhook-payloads.ts)
 * for its event type, so a payload that drifts from what providers are promised does not compile.
 * Written with the caller's transaction, so the event commits with what it reports, and with a
 * signal that wakes the dispatchers of other processes when it commits (lib/db/signals.ts); the
 * caller nudges this process's dispatcher (notifyOutboxWritten) once committed.
 */
import { say } from "../../contract/validation-messages";
import type { WebhookPayloads } from "../../contract/webhook-payloads";
import { db, sendSignal, type Tx } from "../../db";
import { currentTraceparent } from "../../infrastructure/tracing";
import { tooMany } from "../errors";

/**
 * How much of each payload the delivery logs list. A send of 10,000 deliveries queues an event of
 * over a megabyte: a page of such events read and rendered whole ran the server out of heap.
 */
export const PAYLOAD_PREVIEW_CHARS = 2_000;

/** The payload's start as the logs list it; never half of a surrogate pair, which no database stores. */
export function payloadPreviewOf(payload: string): string {
  const preview = payload.slice(0, PAYLOAD_PREVIEW_CHARS);
  return /[\uD800-\uDBFF]$/.test(preview) ? preview.slice(0, -1) : preview;
}

export function queueEvent<K extends keyof WebhookPayloads>(
  tx: Tx,
  providerId: string,
  eventType: K,
  payload: WebhookPayloads[K],
  /** `id`: an example event's marked id (events.ts); otherwise the table's uuid. */
  options: { id?: string } = {},
) {
  return queueSerializedEvent(tx, providerId, eventType, JSON.stringify(payload), options);
}

/** An event whose payload the caller serialized itself: the JSON of a WebhookPayloads[K]. */
export async function queueSerializedEvent(
  tx: Tx,
  providerId: string,
  eventType: keyof WebhookPayloads,
  json: string,
  /** deliveriesOf, filledBytes and preview: a payload whose deliveries are filled when sent (../deliveries/events.ts). */
  options: { id?: string; deliveriesOf?: string; filledBytes?: number; preview?: string } = {},
) {
  const { preview = payloadPreviewOf(json), ...columns } = options;
  const event = await tx.outboxEvent.create({
    // The request's trace goes on to the webhook POST (lib/infrastructure/tracing.ts); null when off.
    data: {
      ...columns,
      providerId,
      eventType,
      payload: json,
      payloadPreview: preview,
      traceparent: currentTraceparent(),
    },
    select: { id: true },
  });
  await sendSignal(tx, "outbox_written");
  return event;
}

/** Events a provider may have had queued in the last minute and still ask for generated ones. */
export const GENERATED_EVENTS_PER_MINUTE = 120;
const MINUTE_MS = 60_000;

/**
 * Refuses a request for generated events (an example, a sandbox delivery request or refund) while
 * the provider had GENERATED_EVENTS_PER_MINUTE events queued in the last minute: each is a callback
 * the dispatcher must send, so a loop of clicks or calls must not fill the outbox. Counted on the
 * (providerId, createdAt) index, so the count reads one minute of one provider's events.
 */
export async function checkGeneratedEventRoom(providerId: string, now = new Date()): Promise<void> {
  const recent = await db().outboxEvent.count({
    where: { providerId, createdAt: { gte: new Date(now.getTime() - MINUTE_MS) } },
  });
  if (recent >= GENERATED_EVENTS_PER_MINUTE) {
    // Room returns when the event that fills the window ages out of it: the Retry-After.
    const filling = await db().outboxEvent.findFirst({
      where: { providerId, createdAt: { gte: new Date(now.getTime() - MINUTE_MS) } },
      orderBy: { createdAt: "asc" },
      skip: recent - GENERATED_EVENTS_PER_MINUTE,
      select: { createdAt: true },
    });
    const freeAt = (filling?.createdAt.getTime() ?? now.getTime()) + MINUTE_MS;
    const seconds = Math.min(60, Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)));
    throw tooMany(say("tooManyGeneratedEvents", { count: GENERATED_EVENTS_PER_MINUTE }), seconds);
  }
}

/**
 * How long the oldest event due for delivery has waited past its due time, in whole seconds; 0 when
 * none waits. An event waiting on a failing endpoint is not due until its next attempt, so this
 * grows only when the dispatchers fall behind or stop (readiness, lib/domain/operations).
 * One seek on the (state, nextAttemptAt) index.
 */
export async function oldestDueEventSeconds(now = new Date()): Promise<number> {
  const oldest = await db().outboxEvent.findFirst({
    where: { state: "PENDING", nextAttemptAt: { lte: now } },
    orderBy: { nextAttemptAt: "asc" },
    select: { nextAttemptAt: true },
  });
  return oldest ? Math.floor((now.getTime() - oldest.nextAttemptAt.getTime()) / 1000) : 0;
}

/**
 * The outbox's backlog for GET /metrics: events due for delivery now, and every event not yet
 * delivered (due, or waiting to retry a failing endpoint) with the age of the oldest. A dead
 * receiver grows the second; only stopped or overrun dispatchers grow the first.
 */
export async function outboxBacklog(now = new Date()) {
  const pending = { state: "PENDING" } as const;
  const [due, waiting, oldest] = await Promise.all([
    db().outboxEvent.count({ where: { ...pending, nextAttemptAt: { lte: now } } }),
    db().outboxEvent.count({ where: pending }),
    db().outboxEvent.findFirst({
      where: pending,
      orderBy: { createdAt: "asc" },
      select: { createdAt: true },
    }),
  ]);
  const oldestPendingSeconds = oldest
    ? Math.max(0, Math.floor((now.getTime() - oldest.createdAt.getTime()) / 1000))
    : 0;
  return { due, pending: waiting, oldestPendingSeconds };
}
