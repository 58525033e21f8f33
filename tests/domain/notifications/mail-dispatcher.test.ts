/**
 * Issue 13: the mail worker sends what the changes wrote through SMTP_URL, here a real SMTP server
 * in this process (the smtp-server package), and the database says what became of each message:
 * SENT, retried after a failure (the server down), FAILED on a permanent refusal (an SMTP 5xx), and
 * sent by another worker once a dead worker's lease ends. Its own database: the worker takes every
 * due message there is.
 */

import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sha256Hex } from "@/lib/crypto";
import { decideChannelRequest } from "@/lib/domain/channels";
import { requestChannelCreate } from "@/lib/domain/channels/request-changes";
import { queueMail, saveNotificationSettings } from "@/lib/domain/notifications";
import { createProvider } from "@/lib/domain/providers";
import { inviteUser } from "@/lib/domain/users";
import { runDueMail, smtpTransport } from "@/lib/jobs/mail-dispatcher";
import { SmtpReceiver } from "../../support/notifications/smtp-receiver";
import { openOwnDatabase } from "../../support/server/own-database";
import { ADMIN, providerActor, reviewerActor } from "../../support/users/actors";
import { newUser } from "../../support/users/users";

const database = openOwnDatabase();

const smtp = new SmtpReceiver();
const { received, refused } = smtp;
const startSmtp = () => smtp.start();
const stopSmtp = () => smtp.stop();
const url = () => smtp.url;
const message = (id: string) => database.db().mailMessage.findUniqueOrThrow({ where: { id } });

beforeAll(async () => {
  await startSmtp();
  process.env.SMTP_URL = url();
  process.env.MAIL_FROM = "Channel Portal <portal@mail.example>";
});
afterAll(async () => {
  delete process.env.SMTP_URL;
  delete process.env.MAIL_FROM;
  await stopSmtp();
});

/** One message to a new user, written as a change writes it; its id and the address. */
async function queued(subject: string) {
  const user = await newUser(["finance_approver"]);
  await database
    .db()
    .$transaction((tx) => queueMail(tx, "payment_awaiting", [user], { subject, body: `Body of ${subject}` }));
  const { id } = await database.db().mailMessage.findFirstOrThrow({ where: { userId: user.id } });
  return { id, address: user.email };
}

describe("the mail worker", () => {
  it("sends a decision's mail from MAIL_FROM to each user of the provider, and marks it SENT", async () => {
    const provider = await createProvider(ADMIN, `Mail provider ${randomUUID()}`);
    const owner = await newUser(["owner"], provider.id);
    await requestChannelCreate(providerActor(provider.id), {
      providerDeliveryChannelId: `smtp-${randomUUID()}`,
      name: { language: "EN", translation: "Cash by post" },
      landingPage: "www.example.org",
      availability: { categoriesSupported: ["CASH"] },
    });
    const request = await database
      .db()
      .channelRequest.findFirstOrThrow({ where: { channel: { providerId: provider.id } } });
    await decideChannelRequest(reviewerActor("smtp-reviewer"), request.id, {
      approve: false,
      reason: "No landing page.",
    });
    const [row] = await database.db().mailMessage.findMany({ where: { userId: owner.id } });
    expect(row).toMatchObject({ state: "PENDING", attempts: 0 });

    expect(await runDueMail(smtpTransport(url()))).toBe(1);
    const [mail] = received.filter((one) => one.to.includes(owner.email));
    expect(mail).toMatchObject({ from: "portal@mail.example", to: [owner.email] });
    const [text] = smtp.textsTo(owner.email);
    expect(text).toContain("Subject: Channel request rejected: Cash by post");
    expect(text).toContain("From: Channel Portal <portal@mail.example>");
    expect(text).toContain("The reviewer's reason:\r\nNo landing page.");
    expect(await message(row!.id)).toMatchObject({ state: "SENT", attempts: 1, lastError: null });
    expect((await message(row!.id)).sentAt).toBeInstanceOf(Date);
    expect(await runDueMail(smtpTransport(url()))).toBe(0);
  });

  it("fails a message the server refuses for good (5xx) at once, and says why", async () => {
    const { id, address } = await queued("Refused");
    refused.add(address);
    expect(await runDueMail(smtpTransport(url()))).toBe(1);
    const row = await message(id);
    expect(row).toMatchObject({ state: "FAILED", attempts: 1 });
    expect(row.lastError).toMatch(/550/);
  });

  it("retries a message while the server is down, later, and sends it once the server is back", async () => {
    const { id, address } = await queued("Retried");
    await stopSmtp();
    const now = new Date();
    expect(await runDueMail(smtpTransport(url()), now)).toBe(1);
    const failed = await message(id);
    expect(failed).toMatchObject({ state: "PENDING", attempts: 1, lockedUntil: null });
    expect(failed.lastError).toMatch(/ECONNREFUSED/);
    expect(failed.nextAttemptAt.getTime()).toBeGreaterThan(now.getTime());

    await startSmtp();
    expect(await runDueMail(smtpTransport(url()), now)).toBe(0); // not due yet
    expect(await runDueMail(smtpTransport(url()), new Date(now.getTime() + 3600_000))).toBe(1);
    expect(await message(id)).toMatchObject({ state: "SENT", attempts: 2 });
    expect(received.filter((one) => one.to.includes(address))).toHaveLength(1);
  });

  it("leaves a message another worker leased alone until the lease ends, then sends it: none is lost", async () => {
    const { id, address } = await queued("Leased");
    const now = new Date();
    await database
      .db()
      .mailMessage.update({ where: { id }, data: { lockedUntil: new Date(now.getTime() + 60_000) } });
    expect(await runDueMail(smtpTransport(url()), now)).toBe(0);
    expect(await runDueMail(smtpTransport(url()), new Date(now.getTime() + 61_000))).toBe(1);
    expect(await message(id)).toMatchObject({ state: "SENT" });
    expect(received.filter((one) => one.to.includes(address))).toHaveLength(1);
  });

  it("mails an invitation's one-time link sealed: the database keeps no readable link, the invitee gets it", async () => {
    const invited = await inviteUser(
      ADMIN,
      { email: `invitee-${randomUUID().slice(0, 8)}@mail.example`, name: "Ana", roles: ["reviewer"] },
      "http://portal.example",
    );
    expect(invited.link).toBeNull(); // mailed, so not shown to the inviter
    const row = await database.db().mailMessage.findFirstOrThrow({ where: { toAddress: invited.email } });
    expect(row).toMatchObject({ kind: "invitation", sealed: true, state: "PENDING", userId: null });
    expect(row.body).not.toContain("/invite/");

    expect(await runDueMail(smtpTransport(url()))).toBe(1);
    const [text] = smtp.textsTo(invited.email);
    expect(text).toContain("Subject: Your invitation to the Delivery Channel Portal");
    expect(text).toContain("You are invited to the Delivery Channel Portal, as reviewer.");
    const token = /http:\/\/portal\.example\/invite\/([A-Za-z0-9_-]+)/.exec(text ?? "")?.[1];
    const invitation = await database
      .db()
      .invitation.findUniqueOrThrow({ where: { id: invited.invitationId } });
    expect(token && sha256Hex(token)).toBe(invitation.tokenHash);
    expect(await message(row.id)).toMatchObject({ state: "SENT" });
  });

  it("never sends a message twice nor undoes another worker's outcome when its lease ran out mid-send", async () => {
    const slow = await queued("Slow");
    const other = await queued("Other");
    let release: () => void = () => {};
    let held = false;
    // The first delivery to the slow address hangs until released, then fails (451, try later).
    smtp.answer = async (to) => {
      if (!to.includes(slow.address) || held) return undefined;
      held = true;
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return Object.assign(new Error("Try again later"), { responseCode: 451 });
    };
    const start = new Date(Date.now() + 5_000); // both messages are due
    const stuck = runDueMail(smtpTransport(url()), start);
    while (!held) await new Promise((resolve) => setTimeout(resolve, 20));
    // Another worker, once the stuck one's lease ended, sends both.
    expect(await runDueMail(smtpTransport(url()), new Date(start.getTime() + 61_000))).toBe(2);
    release();
    await stuck;
    smtp.answer = undefined;
    expect(await message(slow.id)).toMatchObject({ state: "SENT", attempts: 1, lastError: null });
    expect(await message(other.id)).toMatchObject({ state: "SENT", attempts: 1 });
    expect(received.filter((one) => one.to.includes(other.address))).toHaveLength(1);
  });

  it("cancels a message whose user was deactivated or turned its kind off before it went", async () => {
    const deactivated = await queued("To a deactivated user");
    const optedOut = await queued("To a user who turned it off");
    await database
      .db()
      .user.update({ where: { email: deactivated.address }, data: { deactivatedAt: new Date() } });
    const { id: userId } = await database.db().user.findUniqueOrThrow({ where: { email: optedOut.address } });
    await saveNotificationSettings({ id: userId, roles: ["finance_approver"] }, []);
    expect(await runDueMail(smtpTransport(url()))).toBe(2);
    expect(await message(deactivated.id)).toMatchObject({ state: "CANCELLED" });
    expect(await message(optedOut.id)).toMatchObject({ state: "CANCELLED" });
    expect(smtp.textsTo(deactivated.address)).toEqual([]);
    expect(smtp.textsTo(optedOut.address)).toEqual([]);
  });
});
