/**
 * Retention of beneficiaries' values (issue 36, item 4). A program keeps a delivery's values (its
 * options, its refund's reason) `retentionDays` after the delivery is final — delivered, reverted
 * or refunded, or its request rejected or expired unsent — then the retention worker erases them,
 * keeping amounts, dates and statuses for the accounts. A beneficiary left with no values anywhere
 * then loses its data key too (crypto-shredding: the refund reasons sealed in the audit trail become
 * unreadable with it; a later send starts a new one), and a request left with none its own key (its
 * rejection's reason).
 */
import { say } from "../../contract/validation-messages";
import { db, MAX_BOUND_VALUES, type Tx } from "../../db";
import { beneficiaryRefs } from "../../infrastructure/beneficiary-refs";
import { recordAudit } from "../audit";
import { notFound } from "../errors";
import { type Actor, authorize, systemActor } from "../permissions";
import { destroyRequestKeys } from "./request-keys";

const RETENTION = systemActor("retention");
const DAY_MS = 24 * 60 * 60 * 1000;
const BATCH = Math.floor(MAX_BOUND_VALUES / 2);

/** Requests that were never sent: their deliveries are final when the request was decided. */
const NEVER_SENT = ["REJECTED", "EXPIRED"];

/** A delivery that became final before `cutoff`, its values not yet erased. */
const finalBefore = (cutoff: Date) => ({
  valuesErasedAt: null,
  OR: [
    { deliveredAt: { lt: cutoff } },
    { revertedAt: { lt: cutoff } },
    { refundRequestedAt: { lt: cutoff } },
    { deliveryRequest: { approvalState: { in: NEVER_SENT }, decidedAt: { lt: cutoff } } },
  ],
});

/** Erases the values of every delivery past its program's period; how many it erased. */
export async function eraseExpiredValues(now = new Date()): Promise<number> {
  const programs = await db().program.findMany({ select: { id: true, retentionDays: true } });
  const refOf = await beneficiaryRefs();
  let total = 0;
  for (const program of programs) {
    const where = {
      deliveryRequest: { programId: program.id },
      ...finalBefore(new Date(now.getTime() - program.retentionDays * DAY_MS)),
    };
    let erased = 0;
    for (;;) {
      const rows = await db().delivery.findMany({
        where,
        select: { id: true, beneficiaryId: true, beneficiaryRef: true, deliveryRequestId: true },
        take: BATCH,
      });
      if (rows.length === 0) break;
      erased += await eraseBatch(rows, now, refOf);
    }
    if (erased > 0)
      await db().$transaction((tx) =>
        recordAudit(tx, RETENTION, {
          action: "beneficiary.values_expired",
          subjectType: "Program",
          subjectId: program.id,
          detail: { deliveries: erased, retentionDays: program.retentionDays },
        }),
      );
    total += erased;
  }
  return total;
}

async function eraseBatch(
  rows: Array<{
    id: string;
    beneficiaryId: string;
    beneficiaryRef: string | null;
    deliveryRequestId: string;
  }>,
  now: Date,
  refOf: (id: string) => string,
) {
  const ids = rows.map((row) => row.id);
  // Rows from before ids were sealed have no ref: computed from their plain id.
  const refOfRow = (row: { beneficiaryId: string; beneficiaryRef: string | null }) =>
    row.beneficiaryRef ?? refOf(row.beneficiaryId);
  return db().$transaction(async (tx) => {
    // Only rows still unerased: of two workers on one batch, one erases and counts.
    const { count } = await tx.delivery.updateMany({
      where: { id: { in: ids }, valuesErasedAt: null },
      data: { options: "[]", refundReason: null, valuesErasedAt: now },
    });
    await tx.refundRequest.updateMany({ where: { deliveryId: { in: ids } }, data: { reason: "" } });
    await destroyKeysOfFinishedRequests(tx, rows, now);
    const refs = [...new Set(rows.map(refOfRow))];
    const plainIds = rows.filter((row) => row.beneficiaryRef === null).map((row) => row.beneficiaryId);
    const kept = await tx.delivery.findMany({
      where: {
        valuesErasedAt: null,
        OR: [{ beneficiaryRef: { in: refs } }, { beneficiaryRef: null, beneficiaryId: { in: plainIds } }],
      },
      select: { beneficiaryId: true, beneficiaryRef: true },
    });
    const keeping = new Set(kept.map(refOfRow));
    // The beneficiary's sealed ids go unreadable with the key: the pages show the tombstone.
    const done = refs.filter((ref) => !keeping.has(ref));
    if (done.length > 0)
      await tx.beneficiaryKey.updateMany({
        where: { liveRef: { in: done } },
        data: { wrappedKey: null, liveRef: null, erasedAt: now },
      });
    return count;
  });
}

/**
 * The keys of the batch's requests that have no values left (their rejection reasons): a request
 * split across batches keeps its key until its last values go.
 */
async function destroyKeysOfFinishedRequests(tx: Tx, rows: Array<{ deliveryRequestId: string }>, now: Date) {
  const requestIds = [...new Set(rows.map((row) => row.deliveryRequestId))];
  const keeping = await tx.delivery.findMany({
    where: { deliveryRequestId: { in: requestIds }, valuesErasedAt: null },
    select: { deliveryRequestId: true },
    distinct: ["deliveryRequestId"],
  });
  const kept = new Set(keeping.map((row) => row.deliveryRequestId));
  await destroyRequestKeys(
    tx,
    requestIds.filter((id) => !kept.has(id)),
    now,
  );
}

/**
 * Sets a program's retention period (administrators, like its approval policy). A shorter period
 * takes effect at the worker's next round: values already past it are erased then, not now.
 */
export async function setProgramRetention(actor: Actor, input: { programId: string; retentionDays: number }) {
  authorize(actor, "policies.manage");
  await db().$transaction(async (tx) => {
    const before = await tx.program.findUnique({
      where: { id: input.programId },
      select: { retentionDays: true },
    });
    if (!before) throw notFound(say("noSuchProgram"));
    await tx.program.update({ where: { id: input.programId }, data: { retentionDays: input.retentionDays } });
    await recordAudit(tx, actor, {
      action: "program.retention_changed",
      subjectType: "Program",
      subjectId: input.programId,
      before,
      after: { retentionDays: input.retentionDays },
    });
  });
}

/**
 * A program's retention for its page: the period, and when the next erasure falls due (the oldest
 * final delivery whose values are kept, plus the period), with how many deliveries are then due.
 */
export async function programRetention(programId: string, now = new Date()) {
  const program = await db().program.findUniqueOrThrow({
    where: { id: programId },
    select: { retentionDays: true },
  });
  const kept = { deliveryRequest: { programId }, valuesErasedAt: null };
  const { _min } = await db().delivery.aggregate({
    where: kept,
    _min: { deliveredAt: true, revertedAt: true, refundRequestedAt: true },
  });
  const neverSent = await db().deliveryRequest.aggregate({
    where: { programId, approvalState: { in: NEVER_SENT }, deliveries: { some: { valuesErasedAt: null } } },
    _min: { decidedAt: true },
  });
  const finals = [_min.deliveredAt, _min.revertedAt, _min.refundRequestedAt, neverSent._min.decidedAt].filter(
    (at): at is Date => at !== null,
  );
  if (finals.length === 0) return { retentionDays: program.retentionDays, nextErasureAt: null };
  const oldest = Math.min(...finals.map((at) => at.getTime()));
  const nextErasureAt = new Date(Math.max(oldest + program.retentionDays * DAY_MS, now.getTime()));
  return { retentionDays: program.retentionDays, nextErasureAt };
}
