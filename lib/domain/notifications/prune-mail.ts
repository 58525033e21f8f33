/**
 * Retention of mail and the inbox (issue 36, item 4): a mail message that is done (sent, failed,
 * kept without SMTP, cancelled) and an inbox notification are deleted once older than
 * MAIL_RETENTION_DAYS. Letters name programs, amounts, people who decided and, for a refund, the
 * beneficiary's id: kept for ever, they would be data kept for ever. A message still to send is
 * never pruned, whatever its age.
 */
import { mailRetentionMs } from "../../config";
import { db, MAX_BOUND_VALUES } from "../../db";

const DONE = ["SENT", "FAILED", "KEPT", "CANCELLED"];
const BATCH = Math.floor(MAX_BOUND_VALUES / 2);

/** Deletes a batch at a time what `find` finds and `remove` still matches; how many. */
async function inBatches(
  find: () => Promise<Array<{ id: string }>>,
  remove: (ids: string[]) => Promise<{ count: number }>,
) {
  let pruned = 0;
  for (;;) {
    const rows = await find();
    if (rows.length === 0) return pruned;
    pruned += (await remove(rows.map((row) => row.id))).count;
  }
}

/** Deletes done mail and inbox notifications past the period; how many of each. */
export async function pruneOldMail(now = new Date()): Promise<{ mail: number; inbox: number }> {
  const cutoff = new Date(now.getTime() - mailRetentionMs());
  const mail = await inBatches(
    () =>
      db().mailMessage.findMany({
        where: { state: { in: DONE }, createdAt: { lt: cutoff } },
        select: { id: true },
        take: BATCH,
      }),
    (ids) => db().mailMessage.deleteMany({ where: { id: { in: ids }, state: { in: DONE } } }),
  );
  const inbox = await inBatches(
    () =>
      db().notification.findMany({ where: { createdAt: { lt: cutoff } }, select: { id: true }, take: BATCH }),
    (ids) => db().notification.deleteMany({ where: { id: { in: ids } } }),
  );
  return { mail, inbox };
}
