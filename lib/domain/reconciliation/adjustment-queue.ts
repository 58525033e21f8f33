/**
 * The adjustments awaiting a finance approver (issue 32, item 5), for the console's approvals queue
 * beside the delivery requests and refunds: each settles a statement's break and moves money, so it
 * waits where the other payments wait. Proposed by someone else and not yet decided by them, oldest
 * first; each is decided on its break's page, which shows the break beside our records.
 */
import { db } from "../../db";
import { mayKnowBeneficiaries, textOpener } from "../beneficiary-data";
import { awaitingMyApprovalCount, PENDING, peopleByIds } from "../payments";
import { type Actor, authorize, can } from "../permissions";
import { whatBreak } from "./break-adjustments";

const QUEUE_LIMIT = 200;

/** Waiting, and open to this person: not proposed by them, no decision of theirs. */
const openTo = (person: string) => ({
  state: PENDING,
  proposedBy: { not: person },
  approvals: { none: { approverId: person } },
});

/** How many adjustments await the actor's approval; 0 for anyone who does not approve payments. */
export async function adjustmentsAwaitingMyApprovalCount(actor: Actor): Promise<number> {
  if (!can(actor, "payments.approve") || !actor.personId) return 0;
  return db().breakAdjustment.count({ where: openTo(actor.personId) });
}

/** All the approvals page holds for the actor (its badge, the home's count): payments and adjustments. */
export async function approvalQueueCount(actor: Actor): Promise<number> {
  const [payments, adjustments] = await Promise.all([
    awaitingMyApprovalCount(actor),
    adjustmentsAwaitingMyApprovalCount(actor),
  ]);
  return payments + adjustments;
}

/** The adjustments the actor may still approve, oldest first, with what their breaks name. */
export async function adjustmentsAwaitingMyApproval(actor: Actor) {
  authorize(actor, "payments.approve");
  const rows = await db().breakAdjustment.findMany({
    where: openTo(actor.personId ?? ""),
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: QUEUE_LIMIT,
    include: {
      approvals: { orderBy: [{ at: "asc" }, { id: "asc" }] },
      break: {
        select: {
          deliveryId: true,
          reference: true,
          line: true,
          upload: { select: { provider: { select: { name: true } } } },
        },
      },
    },
  });
  const personOf = await peopleByIds(
    rows.flatMap((row) => [row.proposedBy, ...row.approvals.map((a) => a.approverId)]),
  );
  // A reason may name the beneficiary: sealed with its key (issue 36), shown as the break's page shows it.
  const opened = await textOpener(rows.map((row) => row.reason));
  const readsReasons = mayKnowBeneficiaries(actor);
  return rows.map((row) => ({
    id: row.id,
    breakId: row.breakId,
    kind: row.kind,
    providerName: row.break.upload.provider.name,
    what: whatBreak(row.break),
    amountMinor: row.amountMinor,
    unit: row.unit,
    createdAt: row.createdAt,
    /** null: erased with the beneficiary; undefined: withheld from a role that may not read it. */
    reason: readsReasons ? opened(row.reason) : undefined,
    proposer: personOf(row.proposedBy),
    approvedBy: row.approvals.filter((a) => a.decision === "APPROVED").map((a) => personOf(a.approverId)),
    approvalsRequired: row.approvalsRequired,
  }));
}
