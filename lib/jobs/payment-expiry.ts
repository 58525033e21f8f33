/**
 * Expires delivery requests and refunds that waited too long for their approvals
 * (PAYMENT_APPROVAL_EXPIRY_HOURS, the rule in lib/domain/payments/expiry.ts). Every round reads what
 * is due from the database, so a restart loses nothing, and several workers may run: a payment
 * expired (or decided) by another is skipped.
 */
import { expireDuePayments } from "../domain/payments";
import { log } from "../log";
import { pollEvery } from "./poller";

/** Polls every `intervalMs` (a minute: expiry is counted in hours) until stopped. */
export function startPaymentExpiry(intervalMs = 60_000): () => Promise<void> {
  const stop = pollEvery("payment expiry", intervalMs, () => expireDuePayments());
  log.info("payment expiry started");
  return stop;
}
