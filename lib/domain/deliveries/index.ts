/**
 * A program's sends to a channel and what providers report back: `@/lib/domain/deliveries`. Above
 * channels, budgets, payments (the approval policy), webhooks and notifications, which it uses; below programs.
 *
 * - send-delivery-request.ts: sending a delivery request (reserving against its budgets) and its preview
 * - write-deliveries.ts: a send's rows, their values sealed with each beneficiary's data key
 * - checks.ts: what makes a delivery valid for a channel's options, batches, fingerprints
 * - check-send.ts: a send's row check, every delivery's problems (the console's form and the API)
 * - parse-deliveries-csv.ts: deliveries uploaded as CSV, checked row by row with the same rules
 * - serving-channel.ts: which channel a program's send may go to, and its delivery options
 * - resend-delivery.ts: a delivery sent again (a statement break's re-send), the original reverted
 * - sync-outcomes.ts: the providers' reports (DeliveryRequest/Sync, Delivery/Sync) and the money they move
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
  optionColumns,
  optionPairs,
} from "./checks";
export { type FileRow, forEachRow, parseDeliveriesCsv, parserComplaint } from "./parse-deliveries-csv";
export { DELIVERED_STATUSES } from "./reported-amounts";
export { resendDelivery } from "./resend-delivery";
export { beneficiaryNamed } from "./search-beneficiaries";
export {
  type NewDeliveryRequest,
  previewDeliveryRequest,
  sendDeliveryRequest,
} from "./send-delivery-request";
export { approvedDeliveryOptions } from "./serving-channel";
export {
  applyDeliveryOutcomes,
  applyDeliveryOutcomesIn,
  type OutcomeReport,
  syncDeliveries,
  syncDeliveryRequest,
} from "./sync-outcomes";
