/**
 * Issue 13, notifications by email: each is written in the transaction of the change it tells of,
 * to the users it concerns who have not turned its kind off. The test process has no SMTP_URL, so
 * they are KEPT for the mailbox page (tests/domain/notifications/mail-dispatcher.test.ts sends them over SMTP).
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { decideRequest } from "@/lib/domain/approvals";
import { requestChannelCreate, requestChannelUpdate } from "@/lib/domain/channels/requests";
import { sendDeliveryRequest } from "@/lib/domain/deliveries";
import { createProvider } from "@/lib/domain/keys";
import {
  decisionLetter,
  notificationSettings,
  openInbox,
  providerRecipients,
  queueMail,
  queueSealedMail,
  saveNotificationSettings,
  unreadCount,
} from "@/lib/domain/notifications";
import { requestRefund } from "@/lib/domain/payments";
import { shownMarkup, signedIn } from "../../support/http/portal-session";
import { actionResult, serverActions } from "../../support/http/server-actions";
import { programWithPolicy } from "../../support/money/approval-setup";
import { delivery } from "../../support/money/money-setup";
import { openTestDb } from "../../support/server/test-db";
import { ADMIN, providerActor, reviewerActor } from "../../support/users/actors";
import { newUser } from "../../support/users/users";

const database = openTestDb();

const mailTo = (address: string) =>
  database()
    .db()
    .mailMessage.findMany({ where: { toAddress: address }, orderBy: { id: "asc" } });

async function providerWithTeam() {
  const provider = await createProvider(ADMIN, `Mail provider ${randomUUID()}`);
  const [owner, viewer, muted] = await Promise.all([
    newUser(["owner"], provider.id),
    newUser(["viewer"], provider.id),
    newUser(["editor"], provider.id),
  ]);
  await saveNotificationSettings({ id: muted.id, roles: ["editor"] }, []);
  return { providerId: provider.id, owner, viewer, muted };
}

const body = (providerDeliveryChannelId: string, name: string) => ({
  providerDeliveryChannelId,
  name: { language: "EN" as const, translation: name },
  landingPage: "www.example.org",
  availability: { categoriesSupported: ["CASH" as const] },
});

async function pendingRequestId(providerId: string) {
  const request = await database()
    .db()
    .channelRequest.findFirstOrThrow({
      where: { channel: { providerId }, state: "PENDING" },
      orderBy: { requestedAt: "desc" },
    });
  return request.id;
}

describe("a decision on a channel request", () => {
  it("is mailed to each user of the provider who keeps it on, with the reason of a rejection", async () => {
    const team = await providerWithTeam();
    const id = `mail-${randomUUID()}`;
    await requestChannelCreate(providerActor(team.providerId), body(id, "Cash at the market"));
    const reviewer = reviewerActor("mail-reviewer");
    await decideRequest(reviewer, await pendingRequestId(team.providerId), {
      approve: false,
      reason: "The landing page does not open.",
    });

    for (const user of [team.owner, team.viewer]) {
      const [rejected, ...more] = await mailTo(user.email);
      expect(more).toEqual([]);
      expect(rejected).toMatchObject({
        kind: "channel_decision",
        userId: user.id,
        state: "KEPT",
        subject: "Channel request rejected: Cash at the market",
      });
      expect(rejected!.body).toContain(`for the channel "Cash at the market" (${id}) was rejected`);
      expect(rejected!.body).toContain("The reviewer's reason:\nThe landing page does not open.");
    }
    expect(await mailTo(team.muted.email)).toEqual([]);

    await requestChannelUpdate(providerActor(team.providerId), {
      ...body(id, "Cash at the market"),
      status: "ONLINE",
    });
    await decideRequest(reviewer, await pendingRequestId(team.providerId), { approve: true });
    const [, approved] = await mailTo(team.owner.email);
    expect(approved).toMatchObject({ subject: "Channel request approved: Cash at the market" });
    expect(approved!.body).not.toContain("reason");
  });

  it("keeps a provider's text to one subject line: a line break cannot add a header", async () => {
    const team = await providerWithTeam();
    await requestChannelCreate(
      providerActor(team.providerId),
      body(`mail-${randomUUID()}`, "Cash\r\nBcc: all@example.org"),
    );
    await decideRequest(reviewerActor("mail-reviewer"), await pendingRequestId(team.providerId), {
      approve: true,
    });
    const [mail] = await mailTo(team.owner.email);
    expect(mail!.subject).toBe("Channel request approved: Cash Bcc: all@example.org");
  });

  it("is not written when the decision fails: the mail commits with the change", async () => {
    const team = await providerWithTeam();
    await requestChannelCreate(providerActor(team.providerId), body(`mail-${randomUUID()}`, "Twice"));
    const requestId = await pendingRequestId(team.providerId);
    await decideRequest(reviewerActor("mail-reviewer"), requestId, { approve: true });
    await expect(decideRequest(reviewerActor("mail-reviewer"), requestId, { approve: true })).rejects.toThrow(
      /already approved/,
    );
    expect(await mailTo(team.owner.email)).toHaveLength(1);
  });

  it("is in each member's inbox, theirs only, even with its mail turned off: its page and reason (issue 30, finding 3)", async () => {
    const team = await providerWithTeam();
    const stranger = await providerWithTeam();
    const id = `inbox-${randomUUID()}`;
    await requestChannelCreate(providerActor(team.providerId), body(id, "Cash at the kiosk"));
    await decideRequest(reviewerActor("mail-reviewer"), await pendingRequestId(team.providerId), {
      approve: false,
      reason: "No licence attached.",
    });
    for (const user of [team.owner, team.viewer, team.muted]) {
      const inbox = await openInbox(user.actor);
      expect(inbox.items).toHaveLength(1);
      expect(inbox.items[0]).toMatchObject({
        kind: "channel_decision",
        subject: "Channel request rejected: Cash at the kiosk",
        reason: "No licence attached.",
        path: `/channels/${id}`,
        unread: true,
      });
    }
    // The muted editor's mail was not written; the inbox row was.
    expect(await mailTo(team.muted.email)).toEqual([]);
    expect((await openInbox(stranger.owner.actor)).items).toEqual([]);
    // Opened: nothing unread any more, and the same row is no longer marked.
    expect(await unreadCount(team.owner.actor)).toEqual({ total: 0, totalCapped: false });
    expect((await openInbox(team.owner.actor)).items[0]!.unread).toBe(false);
    expect(await unreadCount(team.viewer.actor)).toEqual({ total: 0, totalCapped: false });
  });

  it("writes mail and inbox in the caller's transaction: a rollback keeps neither", async () => {
    const team = await providerWithTeam();
    const letter = decisionLetter({
      channelName: "Rolled back",
      providerDeliveryChannelId: "rolled-back",
      requestType: "Create",
      approved: true,
      reason: null,
    });
    await expect(
      database()
        .db()
        .$transaction(async (tx) => {
          await queueMail(tx, "channel_decision", await providerRecipients(tx, team.providerId), letter);
          throw new Error("the decision failed after the mail was queued");
        }),
    ).rejects.toThrow(/failed after/);
    expect(await mailTo(team.owner.email)).toEqual([]);
    expect(
      await database()
        .db()
        .notification.count({ where: { userId: team.owner.id } }),
    ).toBe(0);
  });
});

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
    expect(mail!.body).toContain("to beneficiary BEN-refund");
    expect(mail!.body).toContain("Reason: Paid twice");
    expect(await mailTo(requester.email)).toEqual([]);
  });
});

describe("a user's settings", () => {
  it("list the kinds the user's roles receive, and keep on exactly those saved on", async () => {
    const user = await newUser(["reviewer", "finance_approver"]);
    const settings = { id: user.id, roles: ["reviewer", "finance_approver"] as const };
    expect(await notificationSettings(settings)).toEqual([
      { kind: "review_digest", label: expect.any(String), on: true },
      { kind: "payment_awaiting", label: expect.any(String), on: true },
    ]);
    // A kind the roles do not receive is ignored, not stored.
    await saveNotificationSettings(settings, ["channel_decision", "review_digest"]);
    expect((await notificationSettings(settings)).map((kind) => kind.on)).toEqual([true, false]);
    await saveNotificationSettings(settings, ["payment_awaiting", "review_digest"]);
    expect((await notificationSettings(settings)).map((kind) => kind.on)).toEqual([true, true]);
    expect(
      await database()
        .db()
        .mailOptOut.count({ where: { userId: user.id } }),
    ).toBe(0);
  });
});

describe("the pages", () => {
  it("show administrators every message on the mailbox, as text; other roles and providers get not-found", async () => {
    const team = await providerWithTeam();
    await requestChannelCreate(
      providerActor(team.providerId),
      body(`mail-${randomUUID()}`, "<img src=x onerror=alert(1)>"),
    );
    await decideRequest(reviewerActor("mail-reviewer"), await pendingRequestId(team.providerId), {
      approve: false,
      reason: "<script>alert(2)</script>",
    });
    // A message that carries a secret (an invitation mailed through SMTP) is never shown.
    const sealed = `Sealed ${randomUUID()}`;
    await database()
      .db()
      .$transaction((tx) =>
        queueSealedMail(tx, "invitation", team.owner.email, { subject: sealed, body: "secret link" }),
      );
    const admin = await signedIn(["administrator"]);
    const page = await admin.get("/admin/mailbox");
    expect(page.body).toContain(sealed);
    expect(page.body).toContain("its text is sealed until sent and not shown here");
    expect(page.body).not.toContain("secret link");
    expect(page.status).toBe(200);
    expect(page.body).toContain('href="/admin/mailbox"');
    expect(page.body).toContain(team.owner.email);
    expect(page.body).toContain("Channel request rejected: &lt;img src=x onerror=alert(1)&gt;");
    expect(page.body).toContain("&lt;script&gt;alert(2)&lt;/script&gt;");
    expect(page.body).not.toContain("<script>alert(2)");
    for (const roles of [["reviewer"], ["program_manager"], ["finance_approver"], ["auditor"]] as const) {
      const session = await signedIn([...roles]);
      expect((await session.get("/admin/mailbox")).status, roles[0]).toBe(404);
      expect((await session.get("/admin/notifications")).body).not.toContain('href="/admin/mailbox"');
    }
    expect((await (await signedIn("provider", team.providerId)).get("/admin/mailbox")).status).not.toBe(200);
  });

  it("say, on a portal that sends no mail, that a forgotten password needs an administrator", async () => {
    const page = shownMarkup(await (await fetch(`${inject("baseUrl")}/forgot-password`)).text());
    expect(page).toContain("This portal sends no mail");
    expect(page).not.toContain("Send me a link");
  });

  it("let each user turn a kind off in the portal and in the console", async () => {
    const team = await providerWithTeam();
    const owner = await signedIn("provider", team.providerId);
    const portal = await owner.get("/notifications");
    expect(portal.status).toBe(200);
    expect(portal.body).toContain("A decision on one of my organisation");
    expect(portal.body).not.toContain("awaits my approval");
    // Saved through the page's action, as the browser sends it: the user's settings, nobody else's.
    const save = serverActions().find(
      (a) => a.name === "app/(provider)/notifications/actions.ts#saveNotificationsAction",
    )!;
    expect(await actionResult(inject("baseUrl"), save, owner.cookie, [{ on: [] }])).toMatchObject({
      ok: true,
    });
    const off = await database()
      .db()
      .mailOptOut.findMany({ where: { userId: owner.userId } });
    expect(off.map((row) => row.kind).sort()).toEqual([
      "channel_decision",
      "key_expiring",
      "webhook_disabled",
    ]);
    const refused = await actionResult(inject("baseUrl"), save, owner.cookie, [{ on: ["everything"] }]);
    expect(refused).toMatchObject({ ok: false });
    expect(portal.body).toMatch(/name="channel_decision"[^>]*checked/);
    expect((await owner.get("/notifications")).body).not.toMatch(/name="channel_decision"[^>]*checked/);
    const approver = await (await signedIn(["finance_approver"])).get("/admin/notifications");
    expect(approver.body).toContain("A payment that awaits my approval");
    const reviewer = await (await signedIn(["reviewer"])).get("/admin/notifications");
    expect(reviewer.body).toContain("A digest of the channel requests");
    const auditor = await (await signedIn(["auditor"])).get("/admin/notifications");
    expect(auditor.body).toContain("No email notifications apply to your roles.");
  });
});
