/**
 * One break's page in the console (issue 32, item 5): what the file said beside our records now, the
 * adjustments proposed for it with who decided what, and what the reader may do next.
 */
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { mayKnowBeneficiaries, textOpener } from "../beneficiary-data";
import { notFound } from "../errors";
import { mayStillDecide, PENDING } from "../payments";
import { type Actor, authorize, can } from "../permissions";
import { adjustmentsFor } from "./break-adjustments";
import { breakNow } from "./break-reads";

export async function breakPage(actor: Actor, breakId: string) {
  authorize(actor, "console.read");
  const brk = await breakNow(db(), breakId);
  if (!brk) throw notFound(say("noSuchBreak"));
  const adjustments = await db().breakAdjustment.findMany({
    where: { breakId },
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    include: { approvals: { orderBy: [{ at: "asc" }, { id: "asc" }] } },
  });
  const ids = new Set(adjustments.flatMap((a) => [a.proposedBy, ...a.approvals.map((d) => d.approverId)]));
  const users = await db().user.findMany({
    where: { id: { in: [...ids] } },
    select: { id: true, email: true },
  });
  const email = (id: string) => users.find((user) => user.id === id)?.email ?? id;
  // Reasons may name the beneficiary: sealed with its key (issue 36), shown to the roles that may
  // know beneficiaries, null once erased.
  const opened = await textOpener(adjustments.flatMap((a) => [a.reason, a.rejectionReason]));
  const readsReasons = mayKnowBeneficiaries(actor);
  const reasonShown = (stored: string | null) => (stored === null || !readsReasons ? null : opened(stored));
  const person = actor.personId;
  const waiting = adjustments.find((adjustment) => adjustment.state === PENDING);
  return {
    ...brk,
    adjustments: adjustments.map((adjustment) => ({
      id: adjustment.id,
      kind: adjustment.kind,
      reason: reasonShown(adjustment.reason),
      state: adjustment.state,
      amountMinor: adjustment.amountMinor,
      unit: adjustment.unit,
      approvalsRequired: adjustment.approvalsRequired,
      createdAt: adjustment.createdAt,
      decidedAt: adjustment.decidedAt,
      rejectionReason: reasonShown(adjustment.rejectionReason),
      proposedBy: email(adjustment.proposedBy),
      decisions: adjustment.approvals.map((decision) => ({
        by: email(decision.approverId),
        decision: decision.decision,
        at: decision.at,
      })),
    })),
    /** What the reader may propose now: none while one waits or once settled. */
    proposable: !brk.settledAt && !waiting && can(actor, "reconciliation.settle") ? adjustmentsFor(brk) : [],
    /** The waiting adjustment the reader may still decide, if any. */
    decidable:
      waiting &&
      person &&
      can(actor, "payments.approve") &&
      mayStillDecide(person, { createdBy: waiting.proposedBy, approvals: waiting.approvals })
        ? waiting.id
        : null,
  };
}
