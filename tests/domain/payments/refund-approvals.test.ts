/**
 * Refunds under an approval policy on the real database (both projects): at or below the threshold
 * at once; above it N distinct approvers, not the requester, before DELIVERY_REFUND_REQUESTED; a
 * rejection clears it and the expiry too.
 */

import { describe, expect, it } from "vitest";
import { textOpener } from "@/lib/domain/beneficiary-data";
import { approvePayment, expireDuePayments, rejectPayment, requestRefund } from "@/lib/domain/payments";
import {
  APPROVER_1,
  APPROVER_2,
  age,
  CREATOR_AS_APPROVER,
  programWithPolicy,
  send,
} from "../../support/money/approval-setup";
import { refusal } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { MANAGER } from "../../support/users/actors";

const database = openTestDb();

describe("refunds under an approval policy", () => {
  async function sentDeliveryOf(amount: number) {
    const setup = await programWithPolicy({ refund: [50, 2] });
    const { deliveryRequestId } = await send(setup, [amount]);
    const { id } = await database().db().delivery.findFirstOrThrow({ where: { deliveryRequestId } });
    return { ...setup, deliveryId: id };
  }
  const refundEvents = (providerId: string) =>
    database()
      .db()
      .outboxEvent.count({ where: { providerId, eventType: "DELIVERY_REFUND_REQUESTED" } });

  it("requests a refund at or below the threshold at once", async () => {
    const setup = await sentDeliveryOf(50);
    expect(await requestRefund(MANAGER, setup.deliveryId, "Wrong beneficiary")).toBe("REQUESTED");
    expect(await refundEvents(setup.providerId)).toBe(1);
  });

  it("holds one above it for N distinct approvers (not the requester) before the event", async () => {
    const setup = await sentDeliveryOf(80);
    expect(await requestRefund(MANAGER, setup.deliveryId, "Paid twice")).toBe("PENDING_APPROVAL");
    expect((await refusal(requestRefund(MANAGER, setup.deliveryId, "Again"))).message).toMatch(
      /awaits approval/,
    );
    const { id } = await database()
      .db()
      .refundRequest.findFirstOrThrow({ where: { deliveryId: setup.deliveryId } });
    expect((await refusal(approvePayment(CREATOR_AS_APPROVER, "refund", id))).message).toMatch(
      /You created this refund/,
    );
    expect(await approvePayment(APPROVER_1, "refund", id)).toMatchObject({
      state: "PENDING_APPROVAL",
      approvals: 1,
    });
    expect((await refusal(approvePayment(APPROVER_1, "refund", id))).message).toMatch(/already approved/);
    expect(await refundEvents(setup.providerId)).toBe(0);
    expect(await approvePayment(APPROVER_2, "refund", id)).toMatchObject({
      state: "REQUESTED",
      approvals: 2,
    });
    expect(await refundEvents(setup.providerId)).toBe(1);
    const refunded = await database()
      .db()
      .delivery.findUniqueOrThrow({ where: { id: setup.deliveryId } });
    expect((await textOpener([refunded.refundReason]))(refunded.refundReason)).toBe("Paid twice");
    expect(refunded.refundRequestedAt).not.toBeNull();
  });

  it("clears a rejected refund, so the delivery may be refunded again, and expires a stale one", async () => {
    const setup = await sentDeliveryOf(80);
    await requestRefund(MANAGER, setup.deliveryId, "Paid twice");
    const first = await database()
      .db()
      .refundRequest.findFirstOrThrow({ where: { deliveryId: setup.deliveryId } });
    expect(await rejectPayment(APPROVER_1, "refund", first.id, "It was not")).toMatchObject({
      state: "REJECTED",
    });
    expect(await requestRefund(MANAGER, setup.deliveryId, "Paid twice, really")).toBe("PENDING_APPROVAL");
    const second = await database()
      .db()
      .refundRequest.findUniqueOrThrow({ where: { pendingFor: setup.deliveryId } });
    await age("refundRequest", second.id, 169);
    await expireDuePayments();
    const states = await database()
      .db()
      .refundRequest.findMany({ where: { deliveryId: setup.deliveryId }, orderBy: { state: "asc" } });
    expect(states.map((refund) => [refund.state, refund.pendingFor])).toEqual([
      ["EXPIRED", null],
      ["REJECTED", null],
    ]);
    expect(await refundEvents(setup.providerId)).toBe(0);
  });
});
