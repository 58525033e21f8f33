/**
 * How providers hear of events: `@/lib/domain/webhooks` (posting the callbacks is lib/webhooks and the
 * dispatcher lib/jobs, above this layer; the events themselves are queued through ../events).
 *
 * - subscriptions.ts: subscribing, unsubscribing, rotating a secret, re-enabling
 * - delivery-log.ts: the delivery log, replays, recovery after a re-enable, example events
 * - subjects.ts: what each logged event concerns (its channel, its delivery request)
 */

export { onOutboxWritten } from "../../infrastructure/outbox-signal";
export {
  type DeliveryLogFilter,
  deliveryLog,
  EVENT_OUTCOMES,
  type EventOutcome,
  replayEvent,
  replayFailedEvents,
  sendExampleEvent,
  webhookEvent,
} from "./delivery-log";
export { type EventSubject, eventSubjects } from "./subjects";
export {
  listSubscriptions,
  previousSecret,
  reenableSubscription,
  rotateHmacSecret,
  subscribe,
  subscriptionAuth,
  unsubscribe,
} from "./subscriptions";
