/**
 * Retention of the delivery logs (issue 36, item 4): a finished webhook event (delivered, failed or
 * skipped) is deleted with its attempts once older than WEBHOOK_EVENT_RETENTION_DAYS. Its payload
 * may carry beneficiaries' data (a preview, masked; a refund's delivery id), and a log kept for ever
 * is data kept for ever. A pending event is never pruned, whatever its age.
 */
import { webhookEventRetentionMs } from "../../config";
import { db, MAX_BOUND_VALUES } from "../../db";

const FINISHED = ["DELIVERED", "FAILED", "SKIPPED"];
const BATCH = Math.floor(MAX_BOUND_VALUES / 2);

/** Deletes finished events past the period, a batch at a time; how many. */
export async function pruneFinishedEvents(now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - webhookEventRetentionMs());
  let pruned = 0;
  for (;;) {
    const rows = await db().outboxEvent.findMany({
      where: { state: { in: FINISHED }, createdAt: { lt: cutoff } },
      select: { id: true },
      take: BATCH,
    });
    if (rows.length === 0) return pruned;
    const { count } = await db().outboxEvent.deleteMany({
      where: { id: { in: rows.map((row) => row.id) }, state: { in: FINISHED } },
    });
    pruned += count;
  }
}
