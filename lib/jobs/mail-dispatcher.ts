/**
 * Sends the PENDING mail (lib/domain/notifications/mail.ts) through SMTP_URL. Messages are claimed with a
 * lease, so that several workers can run and a dead worker's messages are sent by another once its
 * lease ends. A failure is retried with backoff; a permanent refusal (an SMTP 5xx reply, such as an
 * unknown mailbox) or MAIL_MAX_ATTEMPTS failures leave the message FAILED, as the mailbox shows it.
 */
import { mailSettings } from "../config";
import { unseal } from "../crypto";
import { db } from "../db";
import { log } from "../log";
import { retryDelayMs } from "./backoff";
import { claimDue } from "./leases";
import { pollEvery } from "./poller";

export const MAIL_MAX_ATTEMPTS = 8;
const LEASE_MS = 60_000;

/** What the worker needs of nodemailer's transport. */
export interface MailTransport {
  sendMail(message: { from: string; to: string; subject: string; text: string }): Promise<unknown>;
}

/**
 * nodemailer's SMTP transport for an smtp:// or smtps:// URL (credentials in it, STARTTLS when
 * offered), with timeouts that end a send well within its lease: a send that outlived it could be
 * made a second time by another worker. nodemailer is loaded on the first send: a server that sends
 * no mail (no SMTP_URL, or its workers elsewhere) does not carry it in its heap.
 */
export function smtpTransport(url: string): MailTransport {
  let transport: Promise<MailTransport> | undefined;
  const timeouts = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };
  return {
    async sendMail(message) {
      transport ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url, ...timeouts }),
      );
      return (await transport).sendMail(message);
    },
  };
}

/** The next due message, claimed with a lease (one at a time: see runDueMail). */
const claimOne = (at: Date) => claimDue(db().mailMessage, at, 1, LEASE_MS);

type Message = Awaited<ReturnType<typeof claimOne>>[number];

/** Why a message written for a user must not go now: deactivated, or the kind turned off since. */
async function cancelledSince(message: Message): Promise<string | null> {
  if (!message.userId) return null;
  const user = await db().user.findUnique({
    where: { id: message.userId },
    select: { deactivatedAt: true, mailOptOuts: { where: { kind: message.kind }, select: { kind: true } } },
  });
  if (!user || user.deactivatedAt) return "Its recipient was deactivated before it was sent.";
  if (user.mailOptOuts.length > 0) return "Its recipient turned this kind of mail off before it was sent.";
  return null;
}

/** An SMTP 5xx reply: the server refuses this message for good. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

/**
 * Sends one claimed message. Its outcome is written only while the lease is still this worker's
 * (lockedUntil as claimed): a worker whose lease ran out must not undo what another one did since.
 */
async function send(transport: MailTransport, message: Message, lease: Date): Promise<void> {
  const attempts = message.attempts + 1;
  const ours = { id: message.id, lockedUntil: lease };
  const cancelled = await cancelledSince(message);
  if (cancelled) {
    await db().mailMessage.updateMany({
      where: ours,
      data: { state: "CANCELLED", lockedUntil: null, lastError: cancelled },
    });
    return;
  }
  try {
    const { from } = mailSettings();
    const text = message.sealed ? unseal(message.body) : message.body;
    await transport.sendMail({ from, to: message.toAddress, subject: message.subject, text });
    await db().mailMessage.updateMany({
      where: ours,
      data: { state: "SENT", sentAt: new Date(), attempts, lockedUntil: null, lastError: null },
    });
  } catch (error) {
    const final = isPermanent(error) || attempts >= MAIL_MAX_ATTEMPTS;
    const reason = error instanceof Error ? error.message : String(error);
    log.warn({ mailId: message.id, attempts, final, err: reason }, "mail not sent");
    await db().mailMessage.updateMany({
      where: ours,
      data: {
        state: final ? "FAILED" : "PENDING",
        attempts,
        lockedUntil: null,
        lastError: reason.slice(0, 500),
        nextAttemptAt: new Date(lease.getTime() - LEASE_MS + retryDelayMs(attempts)),
      },
    });
  }
}

/**
 * Sends up to `limit` messages due at `now` (the clock, unless a test gives one), one at a time, each
 * claimed just before it is sent: a batch claimed at once would hold its last messages' leases while
 * the first ones were sent. Returns how many it tried.
 */
export async function runDueMail(transport: MailTransport, now?: Date, limit = 20): Promise<number> {
  let tried = 0;
  for (; tried < limit; tried++) {
    const at = now ?? new Date();
    const [message] = await claimOne(at);
    if (!message) break;
    await send(transport, message, new Date(at.getTime() + LEASE_MS));
  }
  return tried;
}

/** Polls for due mail while SMTP_URL is set; null without it (messages are KEPT, not sent). */
export function startMailDispatcher(intervalMs = 2_000): (() => Promise<void>) | null {
  const { smtpUrl } = mailSettings();
  if (!smtpUrl) return null;
  const transport = smtpTransport(smtpUrl);
  log.info("mail worker started");
  return pollEvery("mail worker", intervalMs, () => runDueMail(transport));
}
