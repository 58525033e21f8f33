/**
 * Issue 13, notifications by email: a payment or a refund that awaits approval is mailed, in the
 * transaction that holds it, to the finance approvers who keep the kind on, never to the person who
 * asked for it. The test process has no SMTP_URL, so the mail is KEPT.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sendDeliveryRequest } from "@/lib/domain/deliveries";
import { saveNotificationSettings } from "@/lib/domain/notifications";
import { requestRefund } from "@/lib/domain/payments";
import { programWithPolicy } from "../../support/money/approval-setup";
import { delivery } from "../../support/money/money-setup";
import { teamMail } from "../../support/notifications/mail-team";
import { openTestDb } from "../../support/server/test-db";
import { newUser } from "../../support/users/users";

const database = openTestDb();
const { mailTo } = teamMail(database);

describe("a payment awaiting approval", () => {
  it("is mailed to the finance approvers who keep it on, never to its creator", async () => {
    const setup = await programWithPolicy({ delivery: [100, 2] });
    const [approver, muted, creator] = await Promise.all([
      newUser(["finance_approver"]),
      newUser(["finance_approver"]),
      newUser(["program_manager", "finance_approver"]),
    ]);
    await saveNotificationSettings({ id: muted.id, roles: ["finance_approver"] }, []);
    const sent = await sendDeliveryRequest(creator.actor, {
      idempotencyKey: randomUUID(),
      programId: setup.programId,
      channelId: setup.channelId,
      description: "Winter top-up",
      deliveries: [delivery(150), delivery(20)],
    });
    expect(sent.approvalState).toBe("PENDING_APPROVAL");
    const [mail, ...more] = await mailTo(approver.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: "payment_awaiting", state: "KEPT" });
    expect(mail!.subject).toMatch(/^A payment of .*170\.00.* awaits your approval: Winter$/);
    expect(mail!.body).toContain("(2 deliveries)");
    expect(mail!.body).toContain("Description: Winter top-up");
    expect(mail!.body).toContain("It needs 2 approvals");
    expect(await mailTo(muted.email)).toEqual([]);
    expect(await mailTo(creator.email)).toEqual([]);
  });
});

describe("a refund awaiting approval", () => {
  it("is mailed to the finance approvers, never to the person who asked for it", async () => {
    const setup = await programWithPolicy({ refund: [10, 1] });
    const [approver, requester] = await Promise.all([
      newUser(["finance_approver"]),
      newUser(["program_manager", "finance_approver"]),
    ]);
    const sent = await sendDeliveryRequest(requester.actor, {
      idempotencyKey: randomUUID(),
      programId: setup.programId,
      channelId: setup.channelId,
      description: "Refunded later",
      deliveries: [delivery(25, "BEN-refund")],
    });
    const { id } = await database()
      .db()
      .delivery.findFirstOrThrow({ where: { deliveryRequestId: sent.deliveryRequestId } });
    expect(await requestRefund(requester.actor, id, "Paid twice")).toBe("PENDING_APPROVAL");
    const [mail, ...more] = await mailTo(approver.email);
    expect(more).toEqual([]);
    expect(mail).toMatchObject({ kind: "payment_awaiting" });
    expect(mail!.subject).toMatch(/^A refund of .*25\.00.* awaits your approval: Winter$/);
    // The beneficiary masked (its id is sealed in the product, issue 36): enough to tell two apart.
    expect(mail!.body).toContain("to beneficiary BEN-••fund");
    expect(mail!.body).not.toContain("BEN-refund");
    // The reason may name the beneficiary: it stays sealed in the product, never in a mail (issue 36).
    expect(mail!.body).not.toContain("Paid twice");
    expect(mail!.body).toContain("The reason is on the approvals page");
    expect(await mailTo(requester.email)).toEqual([]);
  });
});
