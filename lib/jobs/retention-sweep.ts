/**
 * The retention worker (issue 36, item 4): every hour, erases the beneficiary values of deliveries
 * past their program's retention period, prunes finished webhook events past
 * WEBHOOK_EVENT_RETENTION_DAYS, and done mail and inbox notifications past MAIL_RETENTION_DAYS. Each round reads what is due from the database, so a restart loses
 * nothing and several workers may run (a row erased by another is skipped).
 */
import { eraseExpiredValues } from "../domain/beneficiary-data";
import { pruneOldMail } from "../domain/notifications";
import { pruneFinishedEvents } from "../domain/webhooks";
import { log } from "../log";
import { pollEvery } from "./poller";

export async function runRetention(now = new Date()) {
  const erased = await eraseExpiredValues(now);
  const pruned = await pruneFinishedEvents(now);
  const { mail, inbox } = await pruneOldMail(now);
  if (erased || pruned || mail || inbox)
    log.info({ erased, pruned, mail, inbox }, "retention: values erased, events, mail and inbox pruned");
  return { erased, pruned, mail, inbox };
}

export function startRetention(intervalMs = 60 * 60 * 1000): () => Promise<void> {
  const stop = pollEvery("retention", intervalMs, () => runRetention());
  log.info("retention started");
  return stop;
}
