/**
 * Approval policies for money on the real database (both projects): thresholds, N distinct finance
 * approvers, the creator and a repeat refused, the event only after the final approval, rejection
 * and expiry releasing the reservation, and a pending request invisible to the provider's Sync.
 * Refunds: refund-approvals.test.ts; the four-eyes rule over HTTP: tests/api/payments/payment-approvals.test.ts.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { textOpener } from "@/lib/domain/beneficiary-data";
import { sendDeliveryRequest, syncDeliveries, syncDeliveryRequest } from "@/lib/domain/deliveries";
import {
  approvalsRequiredFor,
  approveDeliveryRequest,
  approvePayment,
  expireDuePayments,
  rejectDeliveryRequest,
  setApprovalPolicy,
} from "@/lib/domain/payments";
import { programSpending } from "@/lib/domain/programs";
import { eventBody } from "@/lib/domain/webhooks";
import { startPaymentExpiry } from "@/lib/jobs/payment-expiry";
import {
  ADMIN,
  APPROVER_1,
  APPROVER_2,
  APPROVER_3,
  age,
  CREATOR_AS_APPROVER,
  programWithPolicy,
  reserved,
  send,
  stateOf,
} from "../../support/money/approval-setup";
import { delivery, refusal, requestSentEvents } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { MANAGER, providerKey } from "../../support/users/actors";

const database = openTestDb();

/** The program page's spending per channel: each channel's requests and total sent. */
const spending = async (programId: string) =>
  (await programSpending(ADMIN, programId)).map((row) => [row.requests, row.sentMinor]);
describe("delivery requests under an approval policy", () => {
  it("sends at or below the threshold, holds above it with the amount reserved and no event", async () => {
    const setup = await programWithPolicy({ delivery: [100, 2] });
    const small = await send(setup, [60, 40]);
    expect(small).toMatchObject({ approvalState: "SENT", approvalsRequired: 0 });
    const large = await send(setup, [60, 40.01]);
    expect(large).toMatchObject({ approvalState: "PENDING_APPROVAL", approvalsRequired: 2 });
    expect(await requestSentEvents(setup.providerId)).toBe(1);
    // Channel and program budgets both count the pending request.
    expect(await reserved(setup.programId, setup.channelId)).toEqual([20001n, 20001n]);
  });

  it("needs N distinct approvers, refuses the creator and a second approval by the same person", async () => {
    const setup = await programWithPolicy({ delivery: [100, 2] });
    const { deliveryRequestId: id } = await send(setup, [150]);
    const creator = await refusal(approveDeliveryRequest(CREATOR_AS_APPROVER, id));
    expect(creator.kind).toBe("forbidden");
    expect(creator.message).toMatch(/You created this delivery request/);
    expect((await refusal(approveDeliveryRequest(MANAGER, id))).kind).toBe("forbidden");

    expect(await approveDeliveryRequest(APPROVER_1, id)).toEqual({
      state: "PENDING_APPROVAL",
      approvals: 1,
      approvalsRequired: 2,
    });
    const twice = await refusal(approveDeliveryRequest(APPROVER_1, id));
    expect(twice.message).toMatch(/already approved/);
    expect(await requestSentEvents(setup.providerId)).toBe(0);

    expect(await approveDeliveryRequest(APPROVER_2, id)).toMatchObject({ state: "SENT", approvals: 2 });
    expect(await stateOf(id)).toBe("SENT");
    const events = await database()
      .db()
      .outboxEvent.findMany({ where: { providerId: setup.providerId, eventType: "DELIVERY_REQUEST_SENT" } });
    expect(events).toHaveLength(1);
    expect(JSON.parse(await eventBody(events[0]!))).toMatchObject({
      deliveryRequestId: id,
      delivery: [
        { amount: 150, currency: "EUR", deliveryOptions: [{ key: "phone", value: "+359 888 123" }] },
      ],
    });
    const late = await refusal(approveDeliveryRequest(APPROVER_3, id));
    expect(late.message).toMatch(/no longer awaits approval: it was already sent/);
    const audit = await database()
      .db()
      .auditEntry.findMany({ where: { subjectId: id }, orderBy: { seq: "asc" } });
    expect(audit.map((entry) => [entry.action, entry.actorId])).toEqual([
      ["delivery_request.created", MANAGER.id],
      ["delivery_request.approved", APPROVER_1.id],
      ["delivery_request.sent", APPROVER_2.id],
    ]);
  });

  it("sends nothing on the final approval when the channel went OFFLINE meanwhile; a rejection still works", async () => {
    const setup = await programWithPolicy({ delivery: [100, 1] });
    const { deliveryRequestId: id } = await send(setup, [150]);
    await database()
      .db()
      .channel.update({ where: { id: setup.channelId }, data: { status: "OFFLINE" } });
    const refused = await refusal(approveDeliveryRequest(APPROVER_1, id));
    expect(refused.kind).toBe("conflict");
    expect(refused.message).toMatch(/no longer approved and ONLINE/);
    expect(await stateOf(id)).toBe("PENDING_APPROVAL");
    expect(await requestSentEvents(setup.providerId)).toBe(0);
    // The refused approval was not recorded: the same approver may approve once the channel is back.
    await database()
      .db()
      .channel.update({ where: { id: setup.channelId }, data: { status: "ONLINE" } });
    expect(await approveDeliveryRequest(APPROVER_1, id)).toMatchObject({ state: "SENT" });
    expect(await requestSentEvents(setup.providerId)).toBe(1);
  });

  it("keeps a pending request's count when the policy changes", async () => {
    const setup = await programWithPolicy({ delivery: [100, 2] });
    const { deliveryRequestId: id } = await send(setup, [150]);
    await setApprovalPolicy(ADMIN, {
      programId: setup.programId,
      deliveryThreshold: null,
      deliveryApprovalsRequired: 1,
      refundThreshold: null,
      refundApprovalsRequired: 1,
    });
    expect(await approveDeliveryRequest(APPROVER_1, id)).toMatchObject({ state: "PENDING_APPROVAL" });
    expect((await send(setup, [150])).approvalState).toBe("SENT");
  });

  it("releases the reservation at once on a rejection, which needs a reason and ends the approvals", async () => {
    const setup = await programWithPolicy({ delivery: [100, 1] });
    const { deliveryRequestId: id } = await send(setup, [150]);
    expect(await reserved(setup.programId, setup.channelId)).toEqual([15000n, 15000n]);
    expect(await spending(setup.programId)).toEqual([[1, 15000n]]);
    expect((await refusal(rejectDeliveryRequest(APPROVER_1, id, "  "))).field).toBe("reason");
    expect(await rejectDeliveryRequest(APPROVER_1, id, "Duplicate of last week's")).toMatchObject({
      state: "REJECTED",
    });
    expect(await reserved(setup.programId, setup.channelId)).toEqual([0n, 0n]);
    expect(await spending(setup.programId)).toEqual([]);
    const request = await database().db().deliveryRequest.findUniqueOrThrow({ where: { id } });
    // The reason may name a beneficiary: sealed with the request's own key (issue 36).
    expect(request.approvalState).toBe("REJECTED");
    expect((await textOpener([request.rejectionReason]))(request.rejectionReason)).toBe(
      "Duplicate of last week's",
    );
    expect((await refusal(approveDeliveryRequest(APPROVER_2, id))).message).toMatch(/it was rejected/);
    expect(await requestSentEvents(setup.providerId)).toBe(0);
    // The released amount is available again.
    expect((await send(setup, [999])).approvalState).toBe("PENDING_APPROVAL");
  });

  it("counts a pending batch as an identical repeat, a rejected one not: it paid nothing", async () => {
    const setup = await programWithPolicy({ delivery: [100, 1] });
    const batch = {
      programId: setup.programId,
      channelId: setup.channelId,
      description: "Same batch",
      deliveries: [delivery(150, "same-beneficiary")],
    };
    const first = await sendDeliveryRequest(MANAGER, { ...batch, idempotencyKey: randomUUID() });
    const repeat = await refusal(sendDeliveryRequest(MANAGER, { ...batch, idempotencyKey: randomUUID() }));
    expect(repeat.message).toMatch(/An identical batch/);
    await rejectDeliveryRequest(APPROVER_1, first.deliveryRequestId, "Wrong amount");
    const again = await sendDeliveryRequest(MANAGER, { ...batch, idempotencyKey: randomUUID() });
    expect(again.approvalState).toBe("PENDING_APPROVAL");
  });

  it("expires a request pending longer than PAYMENT_APPROVAL_EXPIRY_HOURS, releasing it once", async () => {
    const setup = await programWithPolicy({ delivery: [100, 2] });
    const { deliveryRequestId: id } = await send(setup, [150]);
    await approveDeliveryRequest(APPROVER_1, id);
    await age("deliveryRequest", id, 167);
    await expireDuePayments();
    expect(await stateOf(id)).toBe("PENDING_APPROVAL");
    await age("deliveryRequest", id, 169);
    const [first, second] = await Promise.all([expireDuePayments(), expireDuePayments()]);
    expect(await stateOf(id)).toBe("EXPIRED");
    expect(await reserved(setup.programId, setup.channelId)).toEqual([0n, 0n]);
    expect(await spending(setup.programId)).toEqual([]);
    const releases = await database()
      .db()
      .budgetMovement.count({ where: { deliveryRequestId: id, kind: "RELEASED" } });
    expect(releases).toBe(2); // one per budget, however many workers ran
    expect(first.deliveryRequests + second.deliveryRequests).toBeGreaterThanOrEqual(1);
    expect((await refusal(approveDeliveryRequest(APPROVER_2, id))).message).toMatch(/expired/);
  });

  it("is expired by the worker on its own clock", async () => {
    const setup = await programWithPolicy({ delivery: [100, 1] });
    const { deliveryRequestId: id } = await send(setup, [150]);
    await age("deliveryRequest", id, 169);
    const stop = startPaymentExpiry(50);
    try {
      await expect.poll(() => stateOf(id), { timeout: 10_000 }).toBe("EXPIRED");
    } finally {
      await stop();
    }
    expect(await reserved(setup.programId, setup.channelId)).toEqual([0n, 0n]);
  });

  it("hides a pending request from the provider's Sync until it is sent", async () => {
    const setup = await programWithPolicy({ delivery: [100, 1] });
    const { deliveryRequestId: id } = await send(setup, [150]);
    const key = providerKey(setup.providerId);
    const { id: deliveryId } = await database()
      .db()
      .delivery.findFirstOrThrow({ where: { deliveryRequestId: id } });
    const unknown = await refusal(syncDeliveryRequest(key, { deliveryRequestId: id, status: "APPROVED" }));
    expect(unknown).toMatchObject({ kind: "not_found", message: `No delivery request ${id}.` });
    const unknownDelivery = await refusal(syncDeliveries(key, [{ deliveryId, status: "DELIVERED" }]));
    expect(unknownDelivery).toMatchObject({ kind: "not_found", message: `No delivery ${deliveryId}.` });
    await approveDeliveryRequest(APPROVER_1, id);
    await syncDeliveryRequest(key, { deliveryRequestId: id, status: "APPROVED" });
    await syncDeliveries(key, [{ deliveryId, status: "DELIVERED" }]);
  });

  it("never holds a sandbox's program, and only finance approvers decide", async () => {
    const policy = {
      sandboxFor: "sandbox-provider",
      deliveryApprovalThresholdMinor: 0n,
      deliveryApprovalsRequired: 3,
      refundApprovalThresholdMinor: 0n,
      refundApprovalsRequired: 3,
    };
    expect(approvalsRequiredFor(policy, "deliveryRequest", 10_000n)).toBe(0);
    expect(approvalsRequiredFor({ ...policy, sandboxFor: null }, "refund", 1n)).toBe(3);
    const setup = await programWithPolicy({ delivery: [100, 1] });
    const { deliveryRequestId: id } = await send(setup, [150]);
    expect((await refusal(approvePayment(ADMIN, "deliveryRequest", id))).kind).toBe("forbidden");
    expect((await refusal(approvePayment(MANAGER, "deliveryRequest", id))).kind).toBe("forbidden");
  });
});
