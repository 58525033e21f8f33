/**
 * Delivery requests: a program manager sends beneficiaries' deliveries to an approved channel. One
 * transaction reserves the total against every budget that applies (lib/domain/budgets/budgets.ts), writes
 * the request and its deliveries, and queues DELIVERY_REQUEST_SENT; a refused request leaves nothing.
 * Above the program's approval threshold (lib/domain/payments/policy.ts) the request is created
 * PENDING_APPROVAL instead: reserved the same way, but sent only by its final approval
 * (lib/domain/payments/approvals.ts).
 *
 * Each send carries an idempotency key: a repeat (a resubmitted form, a double click, a retry after a
 * dropped connection) returns the request the key created, however many arrive at once — the key is
 * unique per program in the database. An identical batch to the same channel within 24 hours is
 * refused unless the sender confirms it (`confirmDuplicate`).
 */
import { randomUUID } from "node:crypto";
import { MAX_DELIVERIES } from "../../contract/delivery-limits";
import { say } from "../../contract/validation-messages";
import { bulkTransactionOptions, db, type Tx, takeWriteLock } from "../../db";
import { formatDateTime } from "../../format";
import { notifyOutboxWritten } from "../../infrastructure/outbox-signal";
import { recordAudit } from "../audit";
import { beneficiaryRefs } from "../beneficiary-data";
import { budgetsFor, lockSpending, reserve } from "../budgets";
import { conflict, invalid } from "../errors";
import { formatAmount, toMinor } from "../money";
import { notifyPaymentAwaiting } from "../notifications";
import { approvalsRequiredFor } from "../payments";
import { type Actor, authorize } from "../permissions";
import { queueRequestSent } from "../webhooks";
import {
  type DeliveryList,
  FINGERPRINT_VERSION,
  fingerprintBuilder,
  firstDeliveryProblem,
  forEachBatch,
  hasFingerprint,
  legacyFingerprint,
} from "./checks";
import { servingChannel } from "./serving-channel";
import { writeDeliveries } from "./write-deliveries";

export interface NewDeliveryRequest {
  programId: string;
  channelId: string;
  description: string;
  /** An array, or the platform API's list read from its body a batch at a time. */
  deliveries: DeliveryList;
  /** Chosen once per send the user means (a form fill); repeats with it create nothing more. */
  idempotencyKey: string;
  /** Sends an identical batch to the same channel within 24 h anyway (a second, explicit confirmation). */
  confirmDuplicate?: boolean;
}

const DUPLICATE_WINDOW_MS = 24 * 60 * 60 * 1000;

function checkShape(request: NewDeliveryRequest) {
  const description = request.description.trim();
  if (!description) throw invalid("description", say("enterDescription"));
  if (description.length > 500) throw invalid("description", say("mustBeAtMostCharacters", { max: 500 }));
  if (request.deliveries.length === 0) throw invalid("deliveries", say("addAtLeastOneDelivery"));
  if (request.deliveries.length > MAX_DELIVERIES)
    throw invalid("deliveries", say("atMostDeliveries", { max: MAX_DELIVERIES }));
  if (!request.idempotencyKey || request.idempotencyKey.length > 200)
    throw invalid("idempotencyKey", say("sendNeedsIdempotencyKey"));
  return description;
}

/**
 * The channel, the deliveries' count and total in minor units, and the batch's fingerprint; refuses
 * the first invalid delivery. Reads the deliveries a batch at a time, keeping none.
 */
async function checkedRequest(tx: Tx, request: NewDeliveryRequest) {
  const serving = await servingChannel(tx, request.programId, request.channelId);
  const options = serving.content.deliveryOptions ?? [];
  let totalMinor = 0n;
  // One pass reads each delivery once (a send's list is parsed again from its text when read).
  const fingerprint = fingerprintBuilder();
  await forEachBatch(request.deliveries, (batch, start) => {
    batch.forEach((delivery, offset) => {
      const problem = firstDeliveryProblem(delivery, options, start + offset);
      if (problem) throw invalid(`deliveries[${start + offset}].${problem.field}`, problem.message);
      totalMinor += toMinor(delivery.amount);
      fingerprint.add(delivery);
    });
  });
  return {
    ...serving,
    options,
    count: request.deliveries.length,
    totalMinor,
    fingerprint: fingerprint.value(),
  };
}

/** The latest identical batch sent (or awaiting approval) to the channel within 24 hours, if any. */
async function identicalBatch(tx: Tx, channelId: string, fingerprint: string, deliveries: DeliveryList) {
  const since = new Date(Date.now() - DUPLICATE_WINDOW_MS);
  // A rejected or expired request paid nothing: sending its batch again is no repeat payment.
  const unpaid = ["REJECTED", "EXPIRED"];
  const sent = { channelId, createdAt: { gte: since }, approvalState: { notIn: unpaid } };
  // Sends stored before FINGERPRINT_VERSION have a fingerprint of the other kind: for the 24 h
  // they are compared, a send to their channel computes that kind too.
  const legacy = await tx.deliveryRequest.findFirst({
    where: { ...sent, NOT: { fingerprint: { startsWith: FINGERPRINT_VERSION } } },
    select: { id: true },
  });
  const fingerprints = legacy ? [fingerprint, await legacyFingerprint(deliveries)] : [fingerprint];
  return tx.deliveryRequest.findFirst({
    where: { ...sent, fingerprint: { in: fingerprints } },
    orderBy: { createdAt: "desc" },
    select: { id: true, description: true, createdAt: true, totalMinor: true, unit: true },
  });
}

/** The request this send's key already created (the same batch to the same channel), or null. */
async function priorSend(tx: Tx, request: NewDeliveryRequest) {
  const prior = await tx.deliveryRequest.findUnique({
    where: {
      programId_idempotencyKey: { programId: request.programId, idempotencyKey: request.idempotencyKey },
    },
    select: {
      id: true,
      channelId: true,
      fingerprint: true,
      totalMinor: true,
      unit: true,
      approvalState: true,
      approvalsRequired: true,
    },
  });
  if (!prior) return null;
  if (prior.channelId !== request.channelId || !(await hasFingerprint(prior.fingerprint, request.deliveries)))
    throw conflict(say("sendAlreadySentWithOtherDeliveries"));
  const { approvalState, approvalsRequired, totalMinor, unit } = prior;
  return { deliveryRequestId: prior.id, totalMinor, unit, approvalState, approvalsRequired, replayed: true };
}

/**
 * Sends a delivery request (or, above the program's threshold, creates it awaiting approval);
 * refused (nothing written) when invalid, over a budget or an unconfirmed repeat.
 */
export async function sendDeliveryRequest(actor: Actor, request: NewDeliveryRequest) {
  authorize(actor, "deliveries.send");
  const description = checkShape(request);
  const prior = await priorSend(db(), request);
  if (prior) return prior;
  const refOf = await beneficiaryRefs();
  try {
    const sent = await db().$transaction(
      (tx) => writeRequest(tx, actor, request, description, refOf),
      bulkTransactionOptions(request.deliveries.length),
    );
    notifyOutboxWritten();
    return sent;
  } catch (error) {
    // A concurrent send with this key committed first (the unique key refused this one, or its
    // reservation left too little): the answer is that send's request.
    const winner = await priorSend(db(), request);
    if (winner) return winner;
    throw error;
  }
}

export async function writeRequest(
  tx: Tx,
  actor: Actor,
  request: NewDeliveryRequest,
  description: string,
  refOf: (beneficiaryId: string) => string,
  /** Approved already by the caller's four eyes (a statement break's re-send): sent, not held again. */
  approved = false,
) {
  await takeWriteLock(tx);
  const prior = await priorSend(tx, request);
  if (prior) return prior;
  const checked = await checkedRequest(tx, request);
  const { program, channel, content, options, count, totalMinor } = checked;
  const earlier = request.confirmDuplicate
    ? null
    : await identicalBatch(tx, channel.id, checked.fingerprint, request.deliveries);
  if (earlier) {
    throw conflict(
      say("identicalBatchSentBefore", {
        count,
        total: formatAmount(earlier.totalMinor, earlier.unit),
        sentAt: formatDateTime(earlier.createdAt),
        description: earlier.description,
      }),
    );
  }
  await lockSpending(tx, program.id, channel.id);
  const budgets = await budgetsFor(
    tx,
    program,
    { id: channel.id, name: checked.name, budget: content.budget },
    { create: true },
  );
  const deliveryRequestId = randomUUID();
  const approvalsRequired = approved ? 0 : approvalsRequiredFor(program, "deliveryRequest", totalMinor);
  const approvalState = approvalsRequired > 0 ? "PENDING_APPROVAL" : "SENT";
  // One instant for the request and its reservations: a statement dates both alike.
  const createdAt = new Date();
  // The request row first: it claims the idempotency key, so a concurrent repeat waits here, not on a budget.
  await tx.deliveryRequest.create({
    data: {
      id: deliveryRequestId,
      programId: program.id,
      channelId: channel.id,
      budgetAccountId: budgets[0]!.id,
      description,
      unit: program.unit,
      totalMinor,
      deliveryCount: count,
      createdBy: actor.personId ?? actor.id,
      idempotencyKey: request.idempotencyKey,
      fingerprint: checked.fingerprint,
      // The policy's count now: a later policy change does not change this request's rule.
      approvalState,
      approvalsRequired,
      createdAt,
    },
  });
  for (const budget of budgets) await reserve(tx, budget, totalMinor, deliveryRequestId, createdAt);
  await writeDeliveries(tx, deliveryRequestId, request.deliveries, options, refOf);
  // Awaiting approval, the provider hears nothing (the final approval queues the event): the
  // finance approvers are told by mail.
  if (approvalState === "SENT")
    await queueRequestSent(tx, { id: deliveryRequestId, description, unit: program.unit, channel });
  else {
    const awaiting = { description, totalMinor, deliveryCount: count, approvalsRequired };
    await notifyPaymentAwaiting(tx, program, awaiting, actor.personId);
  }
  await recordAudit(tx, actor, {
    action: "delivery_request.created",
    subjectType: "DeliveryRequest",
    subjectId: deliveryRequestId,
    detail: { programId: program.id, channelId: channel.id, deliveries: count },
    after: { approvalState, approvalsRequired, totalMinor, unit: program.unit },
  });
  return {
    deliveryRequestId,
    totalMinor,
    unit: program.unit,
    approvalState,
    approvalsRequired,
    replayed: false,
  };
}

/**
 * What a send would do, for the confirmation before it: the count and total, each budget that
 * applies with what remains now and after, and an identical batch sent to the channel within 24 h.
 * Refuses (as the send would) invalid deliveries; writes nothing.
 */
export async function previewDeliveryRequest(actor: Actor, request: NewDeliveryRequest) {
  authorize(actor, "deliveries.send");
  checkShape(request);
  return db().$transaction(async (tx) => {
    const checked = await checkedRequest(tx, request);
    const { program, channel, content, totalMinor } = checked;
    const budgets = await budgetsFor(
      tx,
      program,
      { id: channel.id, name: checked.name, budget: content.budget },
      { create: false },
    );
    const earlier = await identicalBatch(tx, channel.id, checked.fingerprint, request.deliveries);
    return {
      count: checked.count,
      totalMinor,
      unit: program.unit,
      channelName: checked.name,
      approvalsRequired: approvalsRequiredFor(program, "deliveryRequest", totalMinor),
      budgets: budgets.map((budget) => ({
        kind: budget.kind,
        label: budget.label,
        limitMinor: budget.limitMinor,
        remainingMinor: budget.limitMinor - budget.reservedMinor,
        remainingAfterMinor: budget.limitMinor - budget.reservedMinor - totalMinor,
      })),
      duplicateOf: earlier && {
        id: earlier.id,
        description: earlier.description,
        createdAt: earlier.createdAt,
      },
    };
  });
}
