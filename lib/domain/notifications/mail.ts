/**
 * Notifications by email (docs/mail.md "Notifications by email"): queued in the transaction of the change they tell
 * of, to the users it concerns who have not turned that kind off, so none is lost and none tells of
 * a change that rolled back. With SMTP_URL the mail worker sends them (lib/jobs/mail-dispatcher.ts);
 * without, they are KEPT, and administrators read them on the mailbox page.
 */
import { mailSettings } from "../../config";
import { kindsFor, MAIL_KINDS, type MailKind } from "../../contract/mail-kinds";
import { parseRoles, type UserRole } from "../../contract/roles";
import { seal } from "../../crypto";
import { db, type Tx } from "../../db";
import { DEFAULT_LOCALE } from "../../i18n/locales";
import { type PageQuery, readKeysetPage } from "../paging";
import { type Actor, authorize } from "../permissions";
import {
  type Letter,
  type LetterIn,
  passwordResetLetter,
  paymentAwaitingLetter,
  paymentDecidedLetter,
  refundAwaitingLetter,
} from "./letters";

export interface Recipient {
  id: string;
  email: string;
  /** The language the user chose; their mail is written in it (English when none). */
  locale?: string | null;
}

const RECIPIENT = { id: true, email: true, locale: true } as const;

/** The active users of a provider organisation; with `role`, only those holding it. */
export async function providerRecipients(tx: Tx, providerId: string, role?: UserRole): Promise<Recipient[]> {
  const users = await tx.user.findMany({
    where: { providerId, deactivatedAt: null },
    select: { ...RECIPIENT, roles: true },
  });
  return users
    .filter((user) => !role || parseRoles(user.roles).includes(role))
    .map(({ id, email, locale }) => ({ id, email, locale }));
}

/** The active users holding `role`, but `except` (the person who caused the mail). */
export async function usersWithRole(tx: Tx, role: UserRole, except: string | null): Promise<Recipient[]> {
  const users = await tx.user.findMany({
    // A first narrowing only (in SQLite's LIKE `_` matches any character): parseRoles decides.
    where: { roles: { contains: role }, deactivatedAt: null, ...(except ? { id: { not: except } } : {}) },
    select: { ...RECIPIENT, roles: true },
  });
  return users
    .filter((user) => parseRoles(user.roles).includes(role))
    .map(({ id, email, locale }) => ({ id, email, locale }));
}

/** Whether mail leaves the portal (SMTP_URL is set); without, messages are only kept for the mailbox. */
export const mailIsSent = () => Boolean(mailSettings().smtpUrl);

/**
 * A message that carries a secret (an invitation's or a reset's one-time link) to an address: its text
 * sealed until the mail worker sends it. Callers write one only while mail is sent (mailIsSent): a
 * kept copy nobody can read would help no one.
 */
export async function queueSealedMail(tx: Tx, kind: string, toAddress: string, letter: Letter) {
  await tx.mailMessage.create({
    data: {
      kind,
      toAddress,
      subject: letter.subject,
      body: seal(letter.body),
      sealed: true,
      state: "PENDING",
    },
  });
}

/** How long a password reset link works (better-auth's token, lib/auth/server.ts). */
export const RESET_LINK_MINUTES = 60;

/**
 * better-auth's reset link for a user who asked for one (the sign-in page's "Forgot your password?"),
 * sealed like an invitation's: only while mail is sent, and never to a deactivated account. The
 * request is answered alike whether or not an account has the address.
 */
export async function mailPasswordReset(
  user: { email: string; deactivatedAt?: Date | null; locale?: string | null },
  url: string,
) {
  if (!mailIsSent() || user.deactivatedAt) return;
  const letter = passwordResetLetter(url, RESET_LINK_MINUTES)(user.locale ?? DEFAULT_LOCALE);
  await queueSealedMail(db(), "password_reset", user.email, letter);
}

/**
 * Writes `kind`'s letter to each recipient who has not turned it off, in their language (a fixed
 * letter is the same for all); returns how many. Every recipient, whether or not they turned its mail
 * off, also finds it in their inbox (lib/domain/notifications/inbox.ts): the one writer of both, in the caller's
 * transaction, so that no change is told by mail and missing in the product or the other way round.
 */
export async function queueMail(
  tx: Tx,
  kind: MailKind,
  recipients: Recipient[],
  letter: Letter | LetterIn,
): Promise<number> {
  if (recipients.length === 0) return 0;
  const optedOut = await tx.mailOptOut.findMany({
    where: { kind, userId: { in: recipients.map((recipient) => recipient.id) } },
    select: { userId: true },
  });
  const off = new Set(optedOut.map((row) => row.userId));
  const state = mailIsSent() ? "PENDING" : "KEPT";
  const written = new Map<string, Letter>();
  const letterIn = (recipient: Recipient) => {
    const locale = recipient.locale ?? DEFAULT_LOCALE;
    if (typeof letter !== "function") return letter;
    if (!written.has(locale)) written.set(locale, letter(locale));
    return written.get(locale)!;
  };
  const notifications = recipients.flatMap((recipient) => {
    const { subject, path, reason } = letterIn(recipient);
    return path ? [{ userId: recipient.id, kind, subject, path, reason: reason ?? null }] : [];
  });
  if (notifications.length > 0) await tx.notification.createMany({ data: notifications });
  const data = recipients
    .filter((recipient) => !off.has(recipient.id))
    .map((recipient) => {
      const { subject, body } = letterIn(recipient);
      return { kind, userId: recipient.id, toAddress: recipient.email, state, subject, body };
    });
  if (data.length > 0) await tx.mailMessage.createMany({ data });
  return data.length;
}

/** Tells the finance approvers, but its creator (who may not approve it), of a payment awaiting them. */
export async function notifyPaymentAwaiting(
  tx: Tx,
  program: { name: string; unit: string },
  request: { description: string; totalMinor: bigint; deliveryCount: number; approvalsRequired: number },
  creatorId: string | null,
) {
  const letter = paymentAwaitingLetter({
    programName: program.name,
    description: request.description,
    total: { minor: request.totalMinor, unit: program.unit },
    deliveryCount: request.deliveryCount,
    approvalsRequired: request.approvalsRequired,
  });
  await queueMail(tx, "payment_awaiting", await usersWithRole(tx, "finance_approver", creatorId), letter);
}

/** Tells the finance approvers, but the person who asked for it, of a refund awaiting them. */
export async function notifyRefundAwaiting(
  tx: Tx,
  program: { name: string; unit: string },
  refund: { amountMinor: bigint; beneficiaryId: string; approvalsRequired: number },
  requesterId: string | null,
) {
  const letter = refundAwaitingLetter({
    programName: program.name,
    amount: { minor: refund.amountMinor, unit: program.unit },
    beneficiaryId: refund.beneficiaryId,
    approvalsRequired: refund.approvalsRequired,
  });
  await queueMail(tx, "payment_awaiting", await usersWithRole(tx, "finance_approver", requesterId), letter);
}

/**
 * Tells the person who asked for a payment or a refund (its creator, when that is a user still
 * active) of its final decision, in the transaction that made it.
 */
export async function notifyPaymentDecided(
  tx: Tx,
  people: { askedBy: string; decidedBy: string },
  decision: Omit<Parameters<typeof paymentDecidedLetter>[0], "decidedBy">,
) {
  const asker = await tx.user.findFirst({
    where: { id: people.askedBy, deactivatedAt: null },
    select: RECIPIENT,
  });
  if (!asker) return;
  const decider = await tx.user.findUnique({
    where: { id: people.decidedBy },
    select: { name: true, email: true },
  });
  const decidedBy = decider ? `${decider.name} (${decider.email})` : people.decidedBy;
  await queueMail(tx, "payment_decided", [asker], paymentDecidedLetter({ ...decision, decidedBy }));
}

type SettingsUser = { id: string; roles: readonly UserRole[] };

/** The kinds the user may receive, each with its label and whether it is on. */
export async function notificationSettings(user: SettingsUser) {
  const off = await db().mailOptOut.findMany({ where: { userId: user.id }, select: { kind: true } });
  const offKinds = new Set(off.map((row) => row.kind));
  return kindsFor(user.roles).map((kind) => ({
    kind,
    label: MAIL_KINDS[kind].label,
    on: !offKinds.has(kind),
  }));
}

/** Keeps on exactly the kinds in `on` of those the user may receive; other names are ignored. */
export async function saveNotificationSettings(user: SettingsUser, on: readonly string[]) {
  const wanted = new Set(on);
  const off = kindsFor(user.roles).filter((kind) => !wanted.has(kind));
  await db().$transaction([
    db().mailOptOut.deleteMany({ where: { userId: user.id } }),
    db().mailOptOut.createMany({ data: off.map((kind) => ({ userId: user.id, kind })) }),
  ]);
}

/** Every message written, newest first, a page at a time: what administrators read as the mailbox. */
export async function mailbox(actor: Actor, query: PageQuery = {}) {
  authorize(actor, "mail.read");
  return readKeysetPage({
    query,
    pageSize: 25,
    key: { field: "createdAt", direction: "desc", kind: "date" },
    table: db().mailMessage,
    filter: {},
    rows: ({ where, orderBy, take }) => db().mailMessage.findMany({ where, orderBy, take }),
  });
}
