/**
 * The one way an event enters the outbox: its payload typed by the contract (lib/contract/webhooks.ts)
 * for its event type, so a payload that drifts from what providers are promised does not compile.
 * Written with the caller's transaction, so the event commits with what it reports; the caller
 * nudges the dispatcher (notifyOutboxWritten) once committed.
 */
import type { WebhookPayloads } from "../contract/webhooks";
import type { Tx } from "../db";

export function queueEvent<K extends keyof WebhookPayloads>(
  tx: Tx,
  providerId: string,
  eventType: K,
  payload: WebhookPayloads[K],
  /** `id`: an example event's marked id (webhook-events.ts); otherwise the table's uuid. */
  options: { id?: string } = {},
) {
  return tx.outboxEvent.create({
    data: { ...options, providerId, eventType, payload: JSON.stringify(payload) },
    select: { id: true },
  });
}
