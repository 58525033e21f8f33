/**
 * Every minute: the notifications found by looking (lib/domain/notifications/sweeps.ts), a key about
 * to expire, a disabled webhook endpoint, the reviewers' digest, delivery requests whose outcomes are
 * overdue (lib/domain/reconciliation/overdue-outcomes.ts). They write mail as the changes do:
 * the mail worker sends it, or it is kept for the mailbox.
 */
import { sendReviewDigest, tellDisabledEndpoints, warnExpiringKeys } from "../domain/notifications";
import { tellOverdueOutcomes } from "../domain/reconciliation";
import { pollEvery } from "./poller";

export const runNotifier = async (now = new Date()) => ({
  keys: await warnExpiringKeys(now),
  endpoints: await tellDisabledEndpoints(now),
  digest: await sendReviewDigest(now),
  overdue: await tellOverdueOutcomes(now),
});

export function startNotifier(intervalMs = 60_000): () => Promise<void> {
  return pollEvery("notifier", intervalMs, () => runNotifier());
}
