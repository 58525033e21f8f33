/**
 * Issue 30, finding 3: the final decision on a held payment (a delivery request above the program's
 * threshold) or a held refund reaches the person who asked for it, by mail (its own kind,
 * payment_decided), with who decided and why; and a rejected refund shows on its delivery's row.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sendDeliveryRequest } from "@/lib/domain/deliveries";
import { openInbox, saveNotificationSettings } from "@/lib/domain/notifications";
import {
  approveDeliveryRequest,
  expireDuePayments,
  rejectDeliveryRequest,
  rejectRefund,
  requestRefund,
} from "@/lib/domain/payments";
import { signedIn } from "../../support/http/portal-session";
import { age, programWithPolicy } from "../../support/money/approval-setup";
import { delivery } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { newUser } from "../../support/users/users";

const database = openTestDb();

const mailTo = (address: string) =>
  database()
    .db()
    .mailMessage.findMany({ where: { toAddress: address }, orderBy: { id: "asc" } });

describe("the final decision on a held payment or refund (issue 30, finding 3)", () => {
  it("is mailed to the person who asked, with who decided and why; never to anyone else", async () => {
    const setup = await programWithPolicy({ delivery: [100, 1], refund: [10, 1] });
    const [approver, creator, muted] = await Promise.all([
      newUser(["finance_approver"]),
      newUser(["program_manager"]),
      newUser(["program_manager"]),
    ]);
    await saveNotificationSettings({ id: muted.id, roles: ["program_manager"] }, []);
    const send = (actor: typeof creator.actor, description: string, beneficiaryId?: string) =>
      sendDeliveryRequest(actor, {
        idempotencyKey: randomUUID(),
        programId: setup.programId,
        channelId: setup.channelId,
        description,
        deliveries: [delivery(150, beneficiaryId)],
      });
    const approved = await send(creator.actor, "Held then sent", "BEN-sent");
    const rejected = await send(creator.actor, "Held then refused");
    const silent = await send(muted.actor, "Asked by one who turned it off");

    await approveDeliveryRequest(approver.actor, approved.deliveryRequestId);
    await rejectDeliveryRequest(approver.actor, rejected.deliveryRequestId, "Wrong month");
    await approveDeliveryRequest(approver.actor, silent.deliveryRequestId);
    const [sentMail, refusedMail, ...more] = await mailTo(creator.email);
    expect(more).toEqual([]);
    expect(sentMail).toMatchObject({ kind: "payment_decided", state: "KEPT" });
    expect(sentMail!.subject).toMatch(/^Sent: Held then sent \(.*150\.00.*, Winter\)$/);
    expect(sentMail!.body).toContain(`approved by ${approver.name} (${approver.email}) and sent`);
    expect(sentMail!.body).toContain(
      `/admin/programs/${setup.programId}/requests/${approved.deliveryRequestId}`,
    );
    expect(refusedMail!.subject).toMatch(/^Rejected: Held then refused/);
    // The reason may name a beneficiary (issue 36): the letter sends the reader to the page.
    expect(refusedMail!.body).toContain("The reason is on the request's page");
    expect(refusedMail!.body).not.toContain("Wrong month");
    expect(await mailTo(muted.email)).toEqual([]);

    // The refund of the sent delivery, held for approval, then rejected: its asker hears of it, the
    // beneficiary masked and the reason left on the page (it may name the person: issue 36).
    const { id: deliveryId } = await database()
      .db()
      .delivery.findFirstOrThrow({ where: { deliveryRequestId: approved.deliveryRequestId } });
    expect(await requestRefund(creator.actor, deliveryId, "Paid twice")).toBe("PENDING_APPROVAL");
    const refund = await database().db().refundRequest.findFirstOrThrow({ where: { deliveryId } });
    await rejectRefund(approver.actor, refund.id, "It was paid once");
    const refundMail = (await mailTo(creator.email)).at(-1)!;
    expect(refundMail).toMatchObject({ kind: "payment_decided" });
    expect(refundMail.subject).toMatch(/^Refund rejected: •+nt \(/);
    expect(`${refundMail.subject}${refundMail.body}`).not.toContain("BEN-sent");
    expect(refundMail.body).not.toContain("It was paid once");
    expect(refundMail.body).toContain("The reason is on the request's page");
    expect(await mailTo(approver.email)).not.toContainEqual(
      expect.objectContaining({ kind: "payment_decided" }),
    );

    // The same decisions are in the asker's inbox, newest first, each linking to the request's page;
    // the one who turned the mail off finds theirs there too (issue 30, finding 3).
    const requestPage = (id: string) => `/admin/programs/${setup.programId}/requests/${id}`;
    const inbox = (await openInbox(creator.actor)).items;
    expect(inbox.map((item) => [item.kind, item.path, item.reason])).toEqual([
      ["payment_decided", requestPage(approved.deliveryRequestId), null],
      // No reason kept outside the sealed rows: it may name a beneficiary.
      ["payment_decided", requestPage(rejected.deliveryRequestId), null],
      ["payment_decided", requestPage(approved.deliveryRequestId), null],
    ]);
    expect(inbox[0]!.subject).toMatch(/^Refund rejected: •+nt \(/);
    expect((await openInbox(muted.actor)).items.map((item) => item.path)).toEqual([
      requestPage(silent.deliveryRequestId),
    ]);

    // And the delivery's row on the request's page says so, with who, when and why: it read "Pending".
    const manager = await signedIn(["program_manager"]);
    const page = await manager.get(
      // Its id in clear: the manager says why (masked otherwise, issue 36).
      `/admin/programs/${setup.programId}/requests/${approved.deliveryRequestId}?purpose=payment_query`,
    );
    expect(page.status).toBe(200);
    // Read without the isolates around its values (they keep a name in another script in its place).
    const shown = page.body.replace(/[\u2068\u2069]/g, "");
    const row = shown.slice(shown.indexOf("BEN-sent"));
    expect(row.slice(0, row.indexOf("</tr>"))).toMatch(
      new RegExp(`Refund rejected by ${approver.name} at [^<]+: It was paid once`),
    );
  });

  it("an expiry is mailed to the person who asked too, once however many workers expire it", async () => {
    const setup = await programWithPolicy({ delivery: [100, 1], refund: [10, 1] });
    const creator = await newUser(["program_manager"]);
    const held = await sendDeliveryRequest(creator.actor, {
      idempotencyKey: randomUUID(),
      programId: setup.programId,
      channelId: setup.channelId,
      description: "Held and forgotten",
      deliveries: [delivery(150)],
    });
    await age("deliveryRequest", held.deliveryRequestId, 169);
    await Promise.all([expireDuePayments(), expireDuePayments()]);
    const mails = await mailTo(creator.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ kind: "payment_decided" });
    expect(mails[0]!.subject).toMatch(/^Expired unapproved: Held and forgotten/);
    expect(mails[0]!.body).toContain("did not get its approvals in time and expired");
    expect(mails[0]!.body).toContain(`/admin/programs/${setup.programId}/requests/${held.deliveryRequestId}`);
  });
});
