/**
 * Events: what happened to a provider's channels and delivery requests, queued for its webhooks in
 * the same transaction as the change (the outbox), and the bodies they carry. Below every feature
 * that emits one (channels, payments, deliveries, sandbox) and below webhooks, which delivers them.
 */
export {
  checkGeneratedEventRoom,
  GENERATED_EVENTS_PER_MINUTE,
  PAYLOAD_PREVIEW_CHARS,
  payloadPreviewOf,
  queueEvent,
  queueSerializedEvent,
} from "./outbox";
export { eventBody, queueRequestSent, type SentRequest } from "./request-sent-event";
