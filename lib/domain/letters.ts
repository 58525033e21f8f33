/**
 * The texts of the notifications: plain text only (no HTML, so nothing a provider typed can become
 * markup in a mail client), a subject on one line, links to the portal when its public URL is set.
 */
import { publicUrl } from "../config";

export interface Letter {
  subject: string;
  body: string;
}

const SUBJECT_CHARS = 200;

/** One line (a line break in a header would start another header), at most SUBJECT_CHARS. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const line = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
  return line.length > SUBJECT_CHARS ? `${line.slice(0, SUBJECT_CHARS - 1)}…` : line;
}

/** The portal's address of `path`, when the portal knows its public URL; otherwise the path. */
export const portalLink = (path: string) => `${publicUrl()?.replace(/\/$/, "") ?? ""}${path}`;

const SIGNATURE =
  "\n\n-- \nDelivery Channel Portal. Turn these messages off under Notifications in the portal.";

export function decisionLetter(decision: {
  channelName: string;
  providerDeliveryChannelId: string;
  requestType: string;
  approved: boolean;
  reason: string | null;
}): Letter {
  const { channelName, providerDeliveryChannelId: id, requestType, approved, reason } = decision;
  const verdict = approved ? "approved" : "rejected";
  const lines = [
    `Your request (${requestType}) for the channel "${channelName}" (${id}) was ${verdict}.`,
    ...(reason ? ["", "The reviewer's reason:", reason] : []),
    "",
    `See the channel: ${portalLink(`/channels/${encodeURIComponent(id)}`)}`,
  ];
  return {
    subject: oneLine(`Channel request ${verdict}: ${channelName}`),
    body: lines.join("\n") + SIGNATURE,
  };
}

export function paymentAwaitingLetter(request: {
  programName: string;
  description: string;
  amount: string;
  deliveryCount: number;
  approvalsRequired: number;
}): Letter {
  const { programName, description, amount, deliveryCount, approvalsRequired } = request;
  const lines = [
    `A delivery request of ${amount} (${deliveryCount} deliveries) from the program "${programName}" awaits approval.`,
    `Description: ${description}`,
    `It needs ${approvalsRequired} approval${approvalsRequired === 1 ? "" : "s"} from finance approvers other than its creator.`,
    "",
    `Decide it: ${portalLink("/admin/approvals")}`,
  ];
  return {
    subject: oneLine(`A payment of ${amount} awaits your approval: ${programName}`),
    body: lines.join("\n") + SIGNATURE,
  };
}
