/**
 * How an invitation reaches its invitee: the one place mail will go once the product sends any.
 * Until then nothing is sent, and the link is shown to the inviter (once) to pass on.
 */
import { publicUrl } from "../config";

export interface InvitationLetter {
  email: string;
  /** The origin the inviter used, for when no public URL is configured. */
  origin: string;
  token: string;
}

/** The link the invitee opens: `<PUBLIC_URL or the inviter's origin>/invite/<token>`. */
export function invitationLink(origin: string, token: string): string {
  const base = (publicUrl() ?? origin).replace(/\/+$/, "");
  return `${base}/invite/${token}`;
}

/** Sends the invitation; answers the link when it must be shown to the inviter instead (no mail). */
export async function deliverInvitation(letter: InvitationLetter): Promise<{ shownLink: string | null }> {
  return { shownLink: invitationLink(letter.origin, letter.token) };
}
