/**
 * The lease the job tables use (outbox events, translation jobs, mail): a worker claims a row by setting
 * lockedUntil; a row whose lease is absent or expired — its worker died — may be claimed again.
 */

/** Not leased by a live worker. */
export const unleased = (now: Date) => ({ OR: [{ lockedUntil: null }, { lockedUntil: { lt: now } }] });

/** Pending, due, and not leased by a live worker. */
export const dueAndUnleased = (now: Date) => ({
  state: "PENDING",
  nextAttemptAt: { lte: now },
  ...unleased(now),
});

/** What claimDue needs of a job table (Prisma's delegate for TranslationJob or MailMessage). */
export interface LeasedTable<Row> {
  findMany(args: {
    where: ReturnType<typeof dueAndUnleased>;
    orderBy: { nextAttemptAt: "asc" };
    take: number;
  }): Promise<Row[]>;
  updateMany(args: {
    where: { id: string; state: "PENDING" } & ReturnType<typeof unleased>;
    data: { lockedUntil: Date };
  }): Promise<{ count: number }>;
}

/**
 * Claims up to `limit` due rows, oldest due first, each by a conditional update that sets its lease:
 * of several workers that saw the same row, exactly one gets it.
 */
export async function claimDue<Row extends { id: string }>(
  table: LeasedTable<Row>,
  now: Date,
  limit: number,
  leaseMs: number,
): Promise<Row[]> {
  const due = await table.findMany({
    where: dueAndUnleased(now),
    orderBy: { nextAttemptAt: "asc" },
    take: limit,
  });
  const claimed: Row[] = [];
  for (const row of due) {
    const { count } = await table.updateMany({
      where: { id: row.id, state: "PENDING", ...unleased(now) },
      data: { lockedUntil: new Date(now.getTime() + leaseMs) },
    });
    if (count === 1) claimed.push(row);
  }
  return claimed;
}
