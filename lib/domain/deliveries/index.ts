/**
 * The deliveries module's public face: `@/lib/domain/deliveries`, a program's sends to a channel and
 * what providers report back. Inside lib/domain, import the file you need (./deliveries/events,
 * ./deliveries/serving-channel) so that the module, which uses budgets, payments and the outbox,
 * never forms a cycle with them.
 *
 * - requests.ts: sending a delivery request (reserving against its budgets) and its preview
 * - checks.ts: what makes a delivery valid for a channel's options, batches, fingerprints
 * - check-send.ts: a send's row check, every delivery's problems (the console's form and the API)
 * - csv.ts: deliveries uploaded as CSV, checked row by row with the same rules
 * - serving-channel.ts: which channel a program's send may go to, and its delivery options
 * - events.ts: DELIVERY_REQUEST_SENT, built in one place, and an event's stored body
 * - sync.ts: the providers' reports (DeliveryRequest/Sync, Delivery/Sync) and the money they move
 * - program-requests.ts: a program's delivery requests page by page (the platform API)
 * - search-beneficiaries.ts: a delivery request's deliveries whose beneficiary id contains a term
 */

export { checkSend, type SendProblem } from "./check-send";
export {
  batchFingerprint,
  type DeliveryList,
  type DeliveryOption,
  deliveryProblems,
  FINGERPRINT_VERSION,
  forEachBatch,
  legacyFingerprint,
  type NewDelivery,
  type OptionColumn,
  optionPairs,
} from "./checks";
export { parseDeliveriesCsv } from "./parse-deliveries-csv";
export { programDeliveryRequests, programOfDeliveryRequest } from "./program-requests";
export { eventBody } from "./request-sent-event";
export {
  type NewDeliveryRequest,
  previewDeliveryRequest,
  sendDeliveryRequest,
} from "./send-delivery-request";
export { approvedDeliveryOptions, receivesDeliveries } from "./serving-channel";
export { syncDeliveries, syncDeliveryRequest } from "./sync-outcomes";
