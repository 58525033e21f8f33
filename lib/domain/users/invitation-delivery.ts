/**
 * How an invitation reaches its invitee: by mail when the portal sends mail (SMTP_URL), written in
 * the invitation's transaction with its text sealed (the link is a secret the database otherwise
 * keeps only as a hash); otherwise the link is shown to the inviter, once, to pass on.
 */
import { publicUrl } from "../../config";
import type { Tx } from "../../db";
import { DEFAULT_LOCALE } from "../../i18n/locales";
import { invitationLetter, mailIsSent, queueSealedMail } from "../notifications";

export interface InvitationLetter {
  email: string;
  name: string;
  roles: string[];
  /** The organisation's name, for an invitation into one. */
  organisation: string | null;
  expiresAt: Date;
  /** Who invited: the invitee has no language yet, the letter is written in the inviter's. */
  invitedBy: string;
  /** The origin the inviter used, for when no public URL is configured. */
  origin: string;
  token: string;
}

/** The link the invitee opens: `<PUBLIC_URL or the inviter's origin>/invite/<token>`. */
export function invitationLink(origin: string, token: string): string {
  const base = (publicUrl() ?? origin).replace(/\/+$/, "");
  return `${base}/invite/${token}`;
}

/** Mails the invitation when mail is sent; answers the link when it must be shown to the inviter instead. */
export async function deliverInvitation(
  tx: Tx,
  letter: InvitationLetter,
): Promise<{ shownLink: string | null }> {
  const link = invitationLink(letter.origin, letter.token);
  if (!mailIsSent()) return { shownLink: link };
  const inviter = await tx.user.findUnique({ where: { id: letter.invitedBy }, select: { locale: true } });
  const written = invitationLetter({ ...letter, link })(inviter?.locale ?? DEFAULT_LOCALE);
  await queueSealedMail(tx, "invitation", letter.email, written);
  return { shownLink: null };
}
