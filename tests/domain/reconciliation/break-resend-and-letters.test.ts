/**
 * Settling a statement's breaks (issue 32, item 5), on the real database, continued from
 * break-adjustments.test.ts: a re-send (the original reverted, the same delivery sent again, held
 * once by the budgets) and who is told of a proposal and of its decision.
 */
import { describe, expect, it } from "vitest";
import { isSealed } from "@/lib/domain/beneficiary-data";
import { setApprovalPolicy } from "@/lib/domain/payments";
import {
  approveAdjustment,
  breakPage,
  proposeAdjustment,
  rejectAdjustment,
} from "@/lib/domain/reconciliation";
import { createUser } from "@/lib/domain/users";
import { account } from "../../support/money/money-setup";
import { breakOfForty, delivery, invariants, SECOND, THIRD } from "../../support/reconciliation/settle-world";
import { csv, FINANCE, sentThree, uploaded } from "../../support/reconciliation/upload-world";
import { openTestDb } from "../../support/server/test-db";
import { userActor } from "../../support/users/actors";

const database = openTestDb();

describe("sending again", () => {
  it("reverts the delivery the provider lacks and sends it again, sent at once: the budgets hold it once", async () => {
    const world = await sentThree();
    const result = await uploaded(
      world.setup.providerId,
      csv(`${world.hundred},,100.00,EUR,DELIVERED`, `${world.fifty},,50.00,EUR,DELIVERY_PENDING`),
    );
    const missing = result.breaks.find((row) => row.kind === "MISSING_FROM_FILE")!;
    // Above the program's threshold: two approvals for the adjustment, and the new request is not held again.
    await setApprovalPolicy(userActor(["administrator"]), {
      programId: world.setup.programId,
      deliveryThreshold: 1,
      deliveryApprovalsRequired: 2,
      refundThreshold: null,
      refundApprovalsRequired: 1,
    });
    const before = await account(world.setup.channelId);
    const { adjustmentId } = await proposeAdjustment(FINANCE, {
      breakId: missing.id,
      kind: "RESEND",
      reason: "Lost",
    });
    await approveAdjustment(SECOND, adjustmentId);
    await approveAdjustment(THIRD, adjustmentId);
    expect(await delivery(world.thirty)).toMatchObject({ status: "DELIVERY_REVERTED" });
    const resent = await database()
      .db()
      .deliveryRequest.findFirstOrThrow({
        where: { description: `Re-send of delivery ${world.thirty}` },
        include: { deliveries: true },
      });
    expect(resent).toMatchObject({
      approvalState: "SENT",
      totalMinor: 3_000n,
      channelId: world.setup.channelId,
    });
    expect(resent.deliveries).toHaveLength(1);
    // Released once, reserved once: what the budget holds is as before.
    expect(await account(world.setup.channelId)).toMatchObject({ reservedMinor: before.reservedMinor });
    const events = await database()
      .db()
      .outboxEvent.count({ where: { eventType: "DELIVERY_REQUEST_SENT", deliveriesOf: resent.id } });
    expect(events).toBe(1);
    await invariants(world.setup.channelId);
  });
});

describe("who is told", () => {
  it("the other finance approvers hear of a proposal, and its proposer of the decision", async () => {
    const world = await breakOfForty();
    const password = "a long enough password";
    const [proposer, approver] = await Promise.all(
      ["proposer", "approver"].map((who) =>
        createUser({
          email: `adjust-${who}-${world.breakId}@example.org`,
          name: who,
          password,
          roles: ["finance_approver"],
          providerId: null,
        }),
      ),
    );
    const actor = (id: string) => userActor(["finance_approver"], id);
    const { adjustmentId } = await proposeAdjustment(actor(proposer!.id), {
      breakId: world.breakId,
      kind: "WRITE_OFF",
      reason: "Not chased",
    });
    const told = (userId: string) =>
      database()
        .db()
        .notification.findMany({ where: { userId, path: `/admin/statement/breaks/${world.breakId}` } });
    expect(await told(approver!.id)).toHaveLength(1);
    expect(await told(proposer!.id)).toHaveLength(0);
    await approveAdjustment(actor(approver!.id), adjustmentId);
    const [decided] = await told(proposer!.id);
    expect(decided!.kind).toBe("payment_decided");
    expect(decided!.subject).toMatch(/^Adjustment applied/);
  });
});

describe("reasons", () => {
  it("are sealed with the beneficiary's key, shown to those who may know beneficiaries, withheld from others", async () => {
    const world = await breakOfForty();
    const { adjustmentId } = await proposeAdjustment(FINANCE, {
      breakId: world.breakId,
      kind: "WRITE_OFF",
      reason: "Amina Yusuf signed for 40 only",
    });
    await rejectAdjustment(SECOND, adjustmentId, "Amina Yusuf's receipt says 100");
    const stored = await database()
      .db()
      .breakAdjustment.findUniqueOrThrow({ where: { id: adjustmentId } });
    expect(isSealed(stored.reason) && isSealed(stored.rejectionReason!)).toBe(true);
    const entries = await database()
      .db()
      .auditEntry.findMany({ where: { subjectId: adjustmentId } });
    expect(entries.map((entry) => `${entry.detail}`).join(" ")).not.toContain("Amina");
    const [shown] = (await breakPage(FINANCE, world.breakId)).adjustments;
    expect(shown).toMatchObject({
      reason: "Amina Yusuf signed for 40 only",
      rejectionReason: "Amina Yusuf's receipt says 100",
    });
    const [withheld] = (await breakPage(userActor(["auditor"], "break-auditor"), world.breakId)).adjustments;
    expect(withheld).toMatchObject({ reason: null, rejectionReason: null });
  });
});
