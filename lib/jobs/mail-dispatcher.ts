/**
 * Sends the PENDING mail (lib/domain/notifications.ts) through SMTP_URL. Messages are claimed with a
 * lease, so that several workers can run and a dead worker's messages are sent by another once its
 * lease ends. A failure is retried with backoff; a permanent refusal (an SMTP 5xx reply, such as an
 * unknown mailbox) or MAIL_MAX_ATTEMPTS failures leave the message FAILED, as the mailbox shows it.
 */
import nodemailer from "nodemailer";
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

/** nodemailer's SMTP transport for an smtp:// or smtps:// URL (credentials in it, STARTTLS when offered). */
export const smtpTransport = (url: string): MailTransport => nodemailer.createTransport(url);

const claimDueMail = (now: Date, limit: number) => claimDue(db().mailMessage, now, limit, LEASE_MS);

type Message = Awaited<ReturnType<typeof claimDueMail>>[number];

/** An SMTP 5xx reply: the server refuses this message for good. */
function isPermanent(error: unknown): boolean {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === "number" && code >= 500 && code < 600;
}

async function send(transport: MailTransport, message: Message, now: Date): Promise<void> {
  const attempts = message.attempts + 1;
  try {
    const { from } = mailSettings();
    const text = message.sealed ? unseal(message.body) : message.body;
    await transport.sendMail({ from, to: message.toAddress, subject: message.subject, text });
    await db().mailMessage.update({
      where: { id: message.id },
      data: { state: "SENT", sentAt: new Date(), attempts, lockedUntil: null, lastError: null },
    });
  } catch (error) {
    const final = isPermanent(error) || attempts >= MAIL_MAX_ATTEMPTS;
    const text = error instanceof Error ? error.message : String(error);
    log.warn({ mailId: message.id, attempts, final, err: text }, "mail not sent");
    await db().mailMessage.update({
      where: { id: message.id },
      data: {
        state: final ? "FAILED" : "PENDING",
        attempts,
        lockedUntil: null,
        lastError: text.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + retryDelayMs(attempts)),
      },
    });
  }
}

/** Sends the messages due at `now` (an injectable clock for tests); returns how many it tried. */
export async function runDueMail(transport: MailTransport, now = new Date(), limit = 20): Promise<number> {
  const messages = await claimDueMail(now, limit);
  for (const message of messages) await send(transport, message, now);
  return messages.length;
}

/** Polls for due mail while SMTP_URL is set; null without it (messages are KEPT, not sent). */
export function startMailDispatcher(intervalMs = 2_000): (() => Promise<void>) | null {
  const { smtpUrl } = mailSettings();
  if (!smtpUrl) return null;
  const transport = smtpTransport(smtpUrl);
  log.info("mail worker started");
  return pollEvery("mail worker", intervalMs, () => runDueMail(transport));
}
