/**
 * Settling a statement's breaks (issue 32, item 5), on the real database: an adjustment waits for the
 * program's count of approvals (at least one) from finance approvers other than its proposer; the
 * approval that reaches it settles the break, and moves the budgets once through Sync's code path,
 * however many approvals or Syncs race. The money's invariants hold after each.
 */
import { describe, expect, it } from "vitest";
import { syncDeliveries } from "@/lib/domain/deliveries";
import { setApprovalPolicy } from "@/lib/domain/payments";
import {
  adjustmentsFor,
  approveAdjustment,
  breakNow,
  proposeAdjustment,
  rejectAdjustment,
} from "@/lib/domain/reconciliation";
import { account, refusal } from "../../support/money/money-setup";
import { breakOfForty, delivery, invariants, SECOND, THIRD } from "../../support/reconciliation/settle-world";
import { csv, FINANCE, sentThree, uploaded } from "../../support/reconciliation/upload-world";
import { openTestDb } from "../../support/server/test-db";
import { MANAGER, providerKey, userActor } from "../../support/users/actors";

const database = openTestDb();

describe("accepting the provider's amount", () => {
  it("waits for another finance approver, then counts the delivery delivered at the file's amount once", async () => {
    const world = await breakOfForty();
    expect(adjustmentsFor((await breakNow(database().db(), world.breakId))!)).toEqual([
      "WRITE_OFF",
      "ACCEPT_PROVIDER_AMOUNT",
    ]);
    const before = await account(world.setup.channelId);
    const { adjustmentId, approvalsRequired } = await proposeAdjustment(FINANCE, {
      breakId: world.breakId,
      kind: "ACCEPT_PROVIDER_AMOUNT",
      reason: "The provider paid 40; the beneficiary signed for 40.",
    });
    expect(approvalsRequired).toBe(1);
    // Proposing moved nothing, and the proposer cannot approve it.
    expect(await account(world.setup.channelId)).toMatchObject({ deliveredMinor: before.deliveredMinor });
    expect((await refusal(approveAdjustment(FINANCE, adjustmentId))).kind).toBe("forbidden");
    expect(await approveAdjustment(SECOND, adjustmentId)).toMatchObject({ state: "APPLIED", approvals: 1 });
    expect(await delivery(world.hundred)).toMatchObject({
      status: "DELIVERED",
      deliveredAmountMinor: 4_000n,
    });
    // 40 delivered (the fifty was applied by the upload), the other 60 back in the budget.
    expect(await account(world.setup.channelId)).toMatchObject({
      deliveredMinor: 9_000n,
      reservedMinor: 12_000n,
    });
    expect((await breakNow(database().db(), world.breakId))!.settledAt).not.toBeNull();
    // A further approval finds it applied, and nothing moves again.
    expect((await refusal(approveAdjustment(THIRD, adjustmentId))).kind).toBe("conflict");
    expect(await account(world.setup.channelId)).toMatchObject({
      deliveredMinor: 9_000n,
      reservedMinor: 12_000n,
    });
    await invariants(world.setup.channelId);
    const entries = await database()
      .db()
      .auditEntry.findMany({ where: { subjectId: adjustmentId } });
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      "adjustment.applied",
      "adjustment.proposed",
    ]);
  });

  it("needs the program's count of approvals above its delivery threshold", async () => {
    const world = await breakOfForty();
    await setApprovalPolicy(userActor(["administrator"]), {
      programId: world.setup.programId,
      deliveryThreshold: 10,
      deliveryApprovalsRequired: 2,
      refundThreshold: null,
      refundApprovalsRequired: 1,
    });
    const { adjustmentId, approvalsRequired } = await proposeAdjustment(FINANCE, {
      breakId: world.breakId,
      kind: "ACCEPT_PROVIDER_AMOUNT",
      reason: "Paid 40",
    });
    expect(approvalsRequired).toBe(2);
    expect(await approveAdjustment(SECOND, adjustmentId)).toMatchObject({
      state: "PENDING_APPROVAL",
      approvals: 1,
    });
    expect(await delivery(world.hundred)).toMatchObject({ deliveredAt: null });
    expect((await refusal(approveAdjustment(SECOND, adjustmentId))).kind).toBe("conflict");
    expect(await approveAdjustment(THIRD, adjustmentId)).toMatchObject({ state: "APPLIED", approvals: 2 });
    expect(await delivery(world.hundred)).toMatchObject({ deliveredAmountMinor: 4_000n });
    await invariants(world.setup.channelId);
  });

  it("is refused at approval when Sync reported the delivery since, which moved the money once", async () => {
    const world = await breakOfForty();
    const { adjustmentId } = await proposeAdjustment(FINANCE, {
      breakId: world.breakId,
      kind: "ACCEPT_PROVIDER_AMOUNT",
      reason: "Paid 40",
    });
    await syncDeliveries(providerKey(world.setup.providerId), [
      { deliveryId: world.hundred, status: "DELIVERED" },
    ]);
    const refused = await refusal(approveAdjustment(SECOND, adjustmentId));
    expect(refused.message).toMatch(/changed since/);
    expect(await delivery(world.hundred)).toMatchObject({ deliveredAmountMinor: 10_000n });
    // Rejected, it leaves the break open; a write-off then settles it and moves nothing more.
    expect(await rejectAdjustment(SECOND, adjustmentId, "Sync reported it whole")).toMatchObject({
      state: "REJECTED",
    });
    const writeOff = await proposeAdjustment(FINANCE, {
      breakId: world.breakId,
      kind: "WRITE_OFF",
      reason: "Ours stand",
    });
    const before = await account(world.setup.channelId);
    await approveAdjustment(SECOND, writeOff.adjustmentId);
    expect(await account(world.setup.channelId)).toMatchObject({
      deliveredMinor: before.deliveredMinor,
      reservedMinor: before.reservedMinor,
    });
    expect(await delivery(world.hundred)).toMatchObject({ status: "DELIVERED", revertedAt: null });
    await invariants(world.setup.channelId);
  });
});

describe("an approval and a Sync of the same delivery at once", () => {
  it("move the money once: whichever counts the delivery first, the other moves nothing", async () => {
    const world = await breakOfForty();
    const { adjustmentId } = await proposeAdjustment(FINANCE, {
      breakId: world.breakId,
      kind: "ACCEPT_PROVIDER_AMOUNT",
      reason: "Paid 40",
    });
    const [approval] = await Promise.allSettled([
      approveAdjustment(SECOND, adjustmentId),
      syncDeliveries(providerKey(world.setup.providerId), [
        { deliveryId: world.hundred, status: "DELIVERED" },
      ]),
    ]);
    const counted = (await delivery(world.hundred)).deliveredAmountMinor!;
    // The approval applied it (40), or Sync did first (100) and the approval was refused.
    expect(counted).toBe(approval.status === "fulfilled" ? 4_000n : 10_000n);
    expect(await account(world.setup.channelId)).toMatchObject({
      deliveredMinor: 5_000n + counted,
      reservedMinor: 18_000n - (10_000n - counted),
    });
    await invariants(world.setup.channelId);
  });
});

describe("writing off", () => {
  it("a delivery the file lacks stops being awaited: reverted, its amount back in the budgets once", async () => {
    const world = await sentThree();
    const result = await uploaded(
      world.setup.providerId,
      csv(`${world.hundred},,100.00,EUR,DELIVERED`, `${world.fifty},,50.00,EUR,DELIVERY_PENDING`),
    );
    const missing = result.breaks.find((row) => row.kind === "MISSING_FROM_FILE")!;
    expect(missing.deliveryId).toBe(world.thirty);
    // The file says nothing of it: it may be written off or sent again, not taken at an amount.
    expect(adjustmentsFor((await breakNow(database().db(), missing.id))!)).toEqual(["WRITE_OFF", "RESEND"]);
    const wrongKind = proposeAdjustment(FINANCE, {
      breakId: missing.id,
      kind: "ACCEPT_PROVIDER_AMOUNT",
      reason: "x",
    });
    expect((await refusal(wrongKind)).kind).toBe("conflict");
    const { adjustmentId } = await proposeAdjustment(FINANCE, {
      breakId: missing.id,
      kind: "WRITE_OFF",
      reason: "Lost",
    });
    // One proposal waits at a time.
    const second = proposeAdjustment(SECOND, { breakId: missing.id, kind: "WRITE_OFF", reason: "Again" });
    expect((await refusal(second)).kind).toBe("conflict");
    // Two approvers at once: one applies it, the other finds it applied.
    const outcomes = await Promise.allSettled([
      approveAdjustment(SECOND, adjustmentId),
      approveAdjustment(THIRD, adjustmentId),
    ]);
    expect(outcomes.filter((outcome) => outcome.status === "fulfilled")).toHaveLength(1);
    expect(await delivery(world.thirty)).toMatchObject({ status: "DELIVERY_REVERTED" });
    expect(await account(world.setup.channelId)).toMatchObject({
      deliveredMinor: 10_000n,
      reservedMinor: 15_000n,
    });
    // Settled: nothing more may be proposed.
    const again = proposeAdjustment(FINANCE, { breakId: missing.id, kind: "WRITE_OFF", reason: "Again" });
    expect((await refusal(again)).kind).toBe("conflict");
    await invariants(world.setup.channelId);
  });

  it("is proposed by finance approvers only", async () => {
    const world = await breakOfForty();
    const refused = await refusal(
      proposeAdjustment(MANAGER, { breakId: world.breakId, kind: "WRITE_OFF", reason: "x" }),
    );
    expect(refused.kind).toBe("forbidden");
    const unknown = await refusal(
      proposeAdjustment(FINANCE, { breakId: "no-such-break", kind: "WRITE_OFF", reason: "x" }),
    );
    expect(unknown.kind).toBe("not_found");
  });
});
