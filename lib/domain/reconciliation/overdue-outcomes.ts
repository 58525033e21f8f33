/**
 * Overdue outcomes (issue 32, item 4): a program's reconciliation window is the days after a send by
 * which the provider reports every delivery's outcome. A sent request past it with deliveries still
 * pending is overdue: listed in the console, counted on a finance approver's home page, and told of
 * once (the sweep, lib/jobs/notifier.ts) — by mail to the program's managers and the provider's
 * owners, and to the provider as our own webhook event, DELIVERY_OUTCOMES_OVERDUE.
 */
import { isoSeconds } from "../../contract/envelope-schema";
import { say } from "../../contract/validation-messages";
import { db, takeWriteLock } from "../../db";
import { notifyOutboxWritten } from "../../infrastructure/outbox-signal";
import { recordAudit } from "../audit";
import { notFound } from "../errors";
import { LIVE_PROGRAM } from "../live-scope";
import { overdueOutcomesLetter, providerRecipients, queueMail, usersWithRole } from "../notifications";
import { type Actor, authorize } from "../permissions";
import { queueEvent } from "../webhooks";

const DAY_MS = 86_400_000;
/** Requests listed on the page, and told of per sweep run (the next run takes the rest). */
const LISTED = 200;
const BATCH = 100;

/** Which requests are overdue at `now`: per program with a window, those sent before it closed, some deliveries pending. */
async function overdueWhere(now: Date) {
  const programs = await db().program.findMany({
    where: { reconciliationWindowDays: { not: null }, ...LIVE_PROGRAM },
    select: { id: true, reconciliationWindowDays: true },
  });
  const pending = { outcomeCount: { lt: db().deliveryRequest.fields.deliveryCount } };
  return programs.map((program) => ({
    programId: program.id,
    approvalState: "SENT",
    createdAt: { lte: new Date(now.getTime() - program.reconciliationWindowDays! * DAY_MS) },
    ...pending,
  }));
}

const OVERDUE_SELECT = {
  id: true,
  description: true,
  unit: true,
  createdAt: true,
  deliveryCount: true,
  outcomeCount: true,
  totalMinor: true,
  deliveredMinor: true,
  undeliveredMinor: true,
  revertedMinor: true,
  overdueToldAt: true,
  program: { select: { id: true, name: true, reconciliationWindowDays: true } },
  channel: { select: { providerId: true, provider: { select: { name: true } } } },
} as const;

/** The overdue requests, the longest overdue first, with how many deliveries and how much is pending. */
export async function overdueRequests(actor: Actor, now = new Date()) {
  authorize(actor, "console.read");
  const where = await overdueWhere(now);
  if (where.length === 0) return [];
  const rows = await db().deliveryRequest.findMany({
    where: { OR: where },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: LISTED,
    select: OVERDUE_SELECT,
  });
  return rows.map((row) => ({
    id: row.id,
    description: row.description,
    programId: row.program.id,
    programName: row.program.name,
    providerName: row.channel.provider.name,
    unit: row.unit,
    sentAt: row.createdAt,
    dueAt: new Date(row.createdAt.getTime() + row.program.reconciliationWindowDays! * DAY_MS),
    pendingCount: row.deliveryCount - row.outcomeCount,
    pendingMinor: row.totalMinor - row.deliveredMinor - row.undeliveredMinor - row.revertedMinor,
    toldAt: row.overdueToldAt,
  }));
}

/** How many deliveries are overdue (the finance home page's count). */
export async function overdueDeliveryCount(actor: Actor, now = new Date()): Promise<number> {
  authorize(actor, "console.read");
  const where = await overdueWhere(now);
  if (where.length === 0) return 0;
  const sums = await db().deliveryRequest.aggregate({
    where: { OR: where },
    _sum: { deliveryCount: true, outcomeCount: true },
  });
  return (sums._sum.deliveryCount ?? 0) - (sums._sum.outcomeCount ?? 0);
}

/**
 * Tells of each overdue request not told of yet, in a transaction of its own that claims it first (a
 * conditional update), so that of several workers exactly one tells: a mail to the program's managers
 * and one to the provider's owners, and the provider's webhook event. Answers how many requests.
 */
export async function tellOverdueOutcomes(now = new Date()): Promise<number> {
  const where = await overdueWhere(now);
  if (where.length === 0) return 0;
  const requests = await db().deliveryRequest.findMany({
    where: { OR: where, overdueToldAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: BATCH,
    select: OVERDUE_SELECT,
  });
  let told = 0;
  for (const request of requests) {
    const done = await db().$transaction(async (tx) => {
      await takeWriteLock(tx);
      const { count } = await tx.deliveryRequest.updateMany({
        where: { id: request.id, overdueToldAt: null },
        data: { overdueToldAt: now },
      });
      if (count !== 1) return false;
      const pending = await tx.delivery.findMany({
        where: { deliveryRequestId: request.id, deliveredAt: null, revertedAt: null },
        orderBy: { id: "asc" },
        select: { id: true },
      });
      const windowDays = request.program.reconciliationWindowDays!;
      const dueAt = new Date(request.createdAt.getTime() + windowDays * DAY_MS);
      const providerId = request.channel.providerId;
      await queueEvent(tx, providerId, "DELIVERY_OUTCOMES_OVERDUE", {
        deliveryRequestId: request.id,
        deliveryIds: pending.map(({ id }) => id),
        sentAt: isoSeconds(request.createdAt),
        dueAt: isoSeconds(dueAt),
      });
      const about = {
        description: request.description,
        programName: request.program.name,
        providerName: request.channel.provider.name,
        pending: pending.length,
        windowDays,
        sentAt: request.createdAt,
      };
      await queueMail(
        tx,
        "outcomes_overdue",
        await usersWithRole(tx, "program_manager", null),
        overdueOutcomesLetter({ ...about, path: "/admin/statement/overdue" }),
      );
      await queueMail(
        tx,
        "outcomes_overdue",
        await providerRecipients(tx, providerId, "owner"),
        overdueOutcomesLetter({ ...about, path: "/statement" }),
      );
      return true;
    });
    if (done) told++;
  }
  if (told > 0) notifyOutboxWritten();
  return told;
}

/** Sets (or clears, with null) a program's reconciliation window: administrators, like its approval policy. */
export async function setReconciliationWindow(
  actor: Actor,
  input: { programId: string; windowDays: number | null },
) {
  authorize(actor, "policies.manage");
  await db().$transaction(async (tx) => {
    const before = await tx.program.findFirst({
      where: { id: input.programId, ...LIVE_PROGRAM },
      select: { reconciliationWindowDays: true },
    });
    if (!before) throw notFound(say("noSuchProgram"));
    await tx.program.update({
      where: { id: input.programId },
      data: { reconciliationWindowDays: input.windowDays },
    });
    await recordAudit(tx, actor, {
      action: "program.reconciliation_window_changed",
      subjectType: "Program",
      subjectId: input.programId,
      before,
      after: { reconciliationWindowDays: input.windowDays },
    });
  });
}
