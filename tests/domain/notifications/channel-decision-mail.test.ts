/**
 * Issue 13, notifications by email: a decision on a channel request is written in the transaction of
 * the decision, to the provider's users who have not turned its kind off, and to each member's inbox.
 * The test process has no SMTP_URL, so the mail is KEPT for the mailbox page
 * (tests/domain/notifications/mail-dispatcher.test.ts sends it over SMTP). Payments awaiting approval:
 * payment-awaiting-mail.test.ts; settings and pages: notification-pages.test.ts.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { decideChannelRequest } from "@/lib/domain/channels";
import { requestChannelCreate, requestChannelUpdate } from "@/lib/domain/channels/request-changes";
import {
  decisionLetter,
  openInbox,
  providerRecipients,
  queueMail,
  unreadCount,
} from "@/lib/domain/notifications";
import { body, providerWithTeam, teamMail } from "../../support/notifications/mail-team";
import { openTestDb } from "../../support/server/test-db";
import { providerActor, reviewerActor } from "../../support/users/actors";

const database = openTestDb();
const { mailTo, pendingRequestId } = teamMail(database);

describe("a decision on a channel request", () => {
  it("is mailed to each user of the provider who keeps it on, with the reason of a rejection", async () => {
    const team = await providerWithTeam();
    const id = `mail-${randomUUID()}`;
    await requestChannelCreate(providerActor(team.providerId), body(id, "Cash at the market"));
    const reviewer = reviewerActor("mail-reviewer");
    await decideChannelRequest(reviewer, await pendingRequestId(team.providerId), {
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
    await decideChannelRequest(reviewer, await pendingRequestId(team.providerId), { approve: true });
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
    await decideChannelRequest(reviewerActor("mail-reviewer"), await pendingRequestId(team.providerId), {
      approve: true,
    });
    const [mail] = await mailTo(team.owner.email);
    expect(mail!.subject).toBe("Channel request approved: Cash Bcc: all@example.org");
  });

  it("is not written when the decision fails: the mail commits with the change", async () => {
    const team = await providerWithTeam();
    await requestChannelCreate(providerActor(team.providerId), body(`mail-${randomUUID()}`, "Twice"));
    const requestId = await pendingRequestId(team.providerId);
    await decideChannelRequest(reviewerActor("mail-reviewer"), requestId, { approve: true });
    await expect(
      decideChannelRequest(reviewerActor("mail-reviewer"), requestId, { approve: true }),
    ).rejects.toThrow(/already approved/);
    expect(await mailTo(team.owner.email)).toHaveLength(1);
  });

  it("is in each member's inbox, theirs only, even with its mail turned off: its page and reason (issue 30, finding 3)", async () => {
    const team = await providerWithTeam();
    const stranger = await providerWithTeam();
    const id = `inbox-${randomUUID()}`;
    await requestChannelCreate(providerActor(team.providerId), body(id, "Cash at the kiosk"));
    await decideChannelRequest(reviewerActor("mail-reviewer"), await pendingRequestId(team.providerId), {
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
