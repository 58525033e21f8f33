/**
 * The one way an event enters the outbox: its payload typed by the contract (lib/contract/webhooks.ts)
 * for its event type, so a payload that drifts from what providers are promised does not compile.
 * Written with the caller's transaction, so the event commits with what it reports, and with a
 * signal that wakes the dispatchers of other processes when it commits (lib/db/signals.ts); the
 * caller nudges this process's dispatcher (notifyOutboxWritten) once committed.
 */
import type { WebhookPayloads } from "../contract/webhooks";
import { sendSignal, type Tx } from "../db";

export async function queueEvent<K extends keyof WebhookPayloads>(
  tx: Tx,
  providerId: string,
  eventType: K,
  payload: WebhookPayloads[K],
  /** `id`: an example event's marked id (webhook-events.ts); otherwise the table's uuid. */
  options: { id?: string } = {},
) {
  const event = await tx.outboxEvent.create({
    data: { ...options, providerId, eventType, payload: JSON.stringify(payload) },
    select: { id: true },
  });
  await sendSignal(tx, "outbox_written");
  return event;
}
