/**
 * Events and how providers hear of them: `@/lib/domain/webhooks`. Low in the domain (it uses audit
 * and beneficiary-data only), because every feature that changes something providers hear of queues an event here, in
 * its own transaction; posting the callbacks is lib/webhooks and the dispatcher lib/jobs, above.
 *
 * - outbox.ts: `queueEvent`, the one way an event enters the outbox, and the generated-event cap
 * - request-sent-event.ts: DELIVERY_REQUEST_SENT, filled from the request's rows when sent
 * - subscriptions.ts: subscribing, unsubscribing, rotating a secret, re-enabling
 * - delivery-log.ts: the delivery log, replays, recovery after a re-enable, example events
 * - subjects.ts: what each logged event concerns (its channel, its delivery request)
 * - prune-events.ts: the delivery logs' retention (finished events past WEBHOOK_EVENT_RETENTION_DAYS)
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
export {
  checkGeneratedEventRoom,
  GENERATED_EVENTS_PER_MINUTE,
  oldestDueEventSeconds,
  outboxBacklog,
  PAYLOAD_PREVIEW_CHARS,
  payloadPreviewOf,
  queueEvent,
  queueSerializedEvent,
} from "./outbox";
export { pruneFinishedEvents } from "./prune-events";
export { eventBody, moveLegacyRequestEvents, queueRequestSent, type SentRequest } from "./request-sent-event";
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
