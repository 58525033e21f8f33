/**
 * The retention worker (issue 36, item 4): every hour, erases the beneficiary values of deliveries
 * past their program's retention period and prunes finished webhook events past
 * WEBHOOK_EVENT_RETENTION_DAYS. Each round reads what is due from the database, so a restart loses
 * nothing and several workers may run (a row erased by another is skipped).
 */
import { eraseExpiredValues } from "../domain/beneficiary-data";
import { pruneFinishedEvents } from "../domain/webhooks";
import { log } from "../log";
import { pollEvery } from "./poller";

export async function runRetention(now = new Date()) {
  const erased = await eraseExpiredValues(now);
  const pruned = await pruneFinishedEvents(now);
  if (erased || pruned) log.info({ erased, pruned }, "retention: values erased, webhook events pruned");
  return { erased, pruned };
}

export function startRetention(intervalMs = 60 * 60 * 1000): () => Promise<void> {
  const stop = pollEvery("retention", intervalMs, () => runRetention());
  log.info("retention started");
  return stop;
}
