/**
 * What the console shows of approvals: the "awaiting my approval" queue of a finance approver (the
 * payments they may still approve: not their own, not already decided by them), its count for the
 * navigation, and one delivery request's decisions with who made them.
 */
import { db } from "../../db";
import { beneficiaryIdOpener, idAsShown, mayKnowBeneficiaries, textOpener } from "../beneficiary-data";
import { LIVE_PROGRAM } from "../live-scope";
import { type Actor, authorize, can } from "../permissions";
import { mayStillDecide, PENDING } from "./rules";

const QUEUE_LIMIT = 200;

/** Pending and still open to this person: not created by them, no decision of theirs. */
const openTo = (person: string) => ({ approvals: { none: { approverId: person } } });

const pendingRequestsFor = (person: string) => ({
  approvalState: PENDING,
  createdBy: { not: person },
  program: LIVE_PROGRAM,
  ...openTo(person),
});

const pendingRefundsFor = (person: string) => ({
  state: PENDING,
  requestedBy: { not: person },
  delivery: { deliveryRequest: { program: LIVE_PROGRAM } },
  ...openTo(person),
});

/** How many payments await the actor's approval; 0 for anyone who does not approve payments. */
export async function awaitingMyApprovalCount(actor: Actor): Promise<number> {
  if (!can(actor, "payments.approve") || !actor.personId) return 0;
  const [requests, refunds] = await Promise.all([
    db().deliveryRequest.count({ where: pendingRequestsFor(actor.personId) }),
    db().refundRequest.count({ where: pendingRefundsFor(actor.personId) }),
  ]);
  return requests + refunds;
}

/** The people behind ids (creators, approvers), by id: a name and an email, or the id itself (a worker). */
export async function peopleByIds(ids: string[]) {
  const users = await db().user.findMany({
    where: { id: { in: [...new Set(ids)] } },
    select: { id: true, name: true, email: true },
  });
  const byId = new Map(users.map((user) => [user.id, user]));
  return (id: string) => byId.get(id) ?? { id, name: id, email: "" };
}

const APPROVALS = { approvals: { orderBy: { at: "asc" as const } } };

/** The payments the actor may still approve, oldest first: delivery requests and refunds. */
export async function awaitingMyApproval(actor: Actor) {
  authorize(actor, "payments.approve");
  const person = actor.personId ?? "";
  const [requests, refunds] = await Promise.all([
    db().deliveryRequest.findMany({
      where: pendingRequestsFor(person),
      orderBy: { createdAt: "asc" },
      take: QUEUE_LIMIT,
      include: { program: { select: { id: true, name: true } }, ...APPROVALS },
    }),
    db().refundRequest.findMany({
      where: pendingRefundsFor(person),
      orderBy: { createdAt: "asc" },
      take: QUEUE_LIMIT,
      include: {
        delivery: {
          select: {
            beneficiaryId: true,
            beneficiaryRef: true,
            deliveryRequest: {
              select: { id: true, unit: true, program: { select: { id: true, name: true } } },
            },
          },
        },
        ...APPROVALS,
      },
    }),
  ]);
  const personOf = await peopleByIds([
    ...requests.flatMap((request) => [request.createdBy, ...request.approvals.map((a) => a.approverId)]),
    ...refunds.flatMap((refund) => [refund.requestedBy, ...refund.approvals.map((a) => a.approverId)]),
  ]);
  const approvedBy = (approvals: { approverId: string; decision: string }[]) =>
    approvals.filter((a) => a.decision === "APPROVED").map((a) => personOf(a.approverId));
  // Refund reasons are sealed with the beneficiary's key (issue 36): null once it was erased.
  const opened = await textOpener(refunds.map((refund) => refund.reason));
  // Whom each refund pays back, sealed in the row, shown masked (issue 36, item 2): enough to tell
  // two apart; the request's page shows it in clear to a role that says why.
  const beneficiaryOf = await beneficiaryIdOpener(refunds.map((refund) => refund.delivery));
  return {
    requests: requests.map((request) => ({
      id: request.id,
      createdAt: request.createdAt,
      description: request.description,
      totalMinor: request.totalMinor,
      unit: request.unit,
      program: request.program,
      creator: personOf(request.createdBy),
      approvedBy: approvedBy(request.approvals),
      approvalsRequired: request.approvalsRequired,
    })),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      createdAt: refund.createdAt,
      reason: opened(refund.reason),
      amountMinor: refund.amountMinor,
      unit: refund.delivery.deliveryRequest.unit,
      beneficiaryId: idAsShown("masked", beneficiaryOf(refund.delivery)),
      deliveryRequestId: refund.delivery.deliveryRequest.id,
      program: refund.delivery.deliveryRequest.program,
      creator: personOf(refund.requestedBy),
      approvedBy: approvedBy(refund.approvals),
      approvalsRequired: refund.approvalsRequired,
    })),
  };
}

/**
 * A delivery request's approval state for its page: the decisions (who, when, reason), its refunds
 * awaiting approval, and whether the actor may decide it now.
 */
export async function requestApprovals(actor: Actor, deliveryRequestId: string) {
  authorize(actor, "console.read");
  const request = await db().deliveryRequest.findUniqueOrThrow({
    where: { id: deliveryRequestId },
    select: { createdBy: true, approvalState: true, ...APPROVALS },
  });
  const refunds = await db().refundRequest.findMany({
    where: { delivery: { deliveryRequestId } },
    orderBy: { createdAt: "desc" },
    include: APPROVALS,
  });
  const person = await peopleByIds([
    request.createdBy,
    ...request.approvals.map((a) => a.approverId),
    ...refunds.flatMap((refund) => [refund.requestedBy, ...refund.approvals.map((a) => a.approverId)]),
  ]);
  // A refund's reason and its rejection's are sealed with the beneficiary's key, the request's
  // rejection with the request's own (issue 36): null once erased.
  const opened = await textOpener([
    ...request.approvals.map((a) => a.reason),
    ...refunds.flatMap((refund) => [
      refund.reason,
      refund.rejectionReason,
      ...refund.approvals.map((a) => a.reason),
    ]),
  ]);
  // Free text that may name a beneficiary: hidden (null) from a role that may not see their data.
  const readsReasons = mayKnowBeneficiaries(actor);
  const reasonOf = (text: string | null) => (readsReasons && text !== null ? opened(text) : null);
  const decisions = (approvals: typeof request.approvals) =>
    approvals.map((a) => ({
      ...a,
      reason: reasonOf(a.reason),
      approver: person(a.approverId),
    }));
  const mayDecide = (payment: { createdBy: string; approvals: { approverId: string }[] }, state: string) =>
    state === PENDING &&
    can(actor, "payments.approve") &&
    actor.personId !== null &&
    mayStillDecide(actor.personId, payment);
  return {
    reasonsHidden: !readsReasons,
    creator: person(request.createdBy),
    decisions: decisions(request.approvals),
    mayDecide: mayDecide(request, request.approvalState),
    refunds: refunds.map((refund) => ({
      id: refund.id,
      deliveryId: refund.deliveryId,
      state: refund.state,
      reason: reasonOf(refund.reason),
      rejectionReason: reasonOf(refund.rejectionReason),
      approvalsRequired: refund.approvalsRequired,
      createdAt: refund.createdAt,
      requester: person(refund.requestedBy),
      decisions: decisions(refund.approvals),
      mayDecide: mayDecide({ createdBy: refund.requestedBy, approvals: refund.approvals }, refund.state),
    })),
  };
}
