/**
 * Issue 13, notifications by email: which kinds a user's roles receive and the settings that turn them
 * off, in the portal and the console; the console's mailbox page, which shows administrators every
 * message as text (a sealed one never), and the forgotten-password page of a portal that sends no mail.
 */
import { randomUUID } from "node:crypto";
import { describe, expect, inject, it } from "vitest";
import { decideChannelRequest } from "@/lib/domain/channels";
import { requestChannelCreate } from "@/lib/domain/channels/request-changes";
import { notificationSettings, queueSealedMail, saveNotificationSettings } from "@/lib/domain/notifications";
import { shownMarkup, signedIn } from "../../support/http/portal-session";
import { actionResult, serverActions } from "../../support/http/server-actions";
import { body, providerWithTeam, teamMail } from "../../support/notifications/mail-team";
import { openTestDb } from "../../support/server/test-db";
import { providerActor, reviewerActor } from "../../support/users/actors";
import { newUser } from "../../support/users/users";

const database = openTestDb();
const { pendingRequestId } = teamMail(database);

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
    await decideChannelRequest(reviewerActor("mail-reviewer"), await pendingRequestId(team.providerId), {
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
      (a) =>
        a.name === "app/(provider)/notifications/provider-notification-actions.ts#saveNotificationsAction",
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
      "outcomes_overdue",
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
