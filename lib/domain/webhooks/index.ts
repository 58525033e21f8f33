/**
 * The webhook module's public face: `@/lib/domain/webhooks`, what providers are told and how they
 * subscribe to it (posting the callbacks is lib/webhooks and the dispatcher lib/jobs, above this
 * layer). Inside lib/domain, import the file you need (./webhooks/outbox, ./webhooks/outbox-signal):
 * every module that changes something providers hear of queues an event, so going through this
 * index from there would tie them to the delivery log's queries.
 *
 * - outbox.ts: `queueEvent`, the one way an event enters the outbox, and the generated-event cap
 * - outbox-signal.ts: the nudge to this process's dispatcher once an event is committed
 * - subscriptions.ts: subscribing, unsubscribing, rotating a secret, re-enabling
 * - events.ts: the delivery log, replays, recovery after a re-enable, example events
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
export { GENERATED_EVENTS_PER_MINUTE, PAYLOAD_PREVIEW_CHARS, payloadPreviewOf, queueEvent } from "./outbox";
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
