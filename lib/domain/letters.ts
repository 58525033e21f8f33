/**
 * The texts of the notifications: plain text only (no HTML, so nothing a provider typed can become
 * markup in a mail client), a subject on one line, links to the portal when its public URL is set.
 */
import { publicUrl } from "../config";
import { formatCount, formatDateTime } from "../format";

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

export function keyExpiringLetter(key: { name: string; prefix: string; expiresAt: Date }): Letter {
  const named = key.name ? `"${key.name}" (${key.prefix}…)` : `${key.prefix}…`;
  const lines = [
    `Your organisation's API key ${named} expires at ${formatDateTime(key.expiresAt)}.`,
    "Calls with it are refused from then on. Rotate it before: the old key keeps working during a grace period while your systems switch.",
    "",
    `Manage your keys: ${portalLink("/keys")}`,
  ];
  return {
    subject: oneLine(`Your API key ${named} expires within a week`),
    body: lines.join("\n") + SIGNATURE,
  };
}

export function webhookDisabledLetter(subscription: {
  eventType: string;
  disabledReason: string | null;
}): Letter {
  const lines = [
    `Your organisation's webhook endpoint for ${subscription.eventType} was disabled: ${subscription.disabledReason ?? "it kept failing"}.`,
    "No more events are sent to it. Once it works again, re-enable it on the webhooks page: it can send again every event since a time of your choice (up to 7 days back).",
    "",
    `See your webhooks: ${portalLink("/webhooks")}`,
  ];
  return {
    subject: oneLine(`Webhook endpoint disabled: ${subscription.eventType}`),
    body: lines.join("\n") + SIGNATURE,
  };
}

/** At most this many requests are listed in a digest; the count says how many there are. */
export const DIGEST_LISTED = 20;

export function reviewDigestLetter(
  count: number,
  requests: Array<{ kind: string; channelName: string; providerName: string }>,
): Letter {
  const lines = [
    `${formatCount(count)} channel request${count === 1 ? "" : "s"} arrived since the last digest and await${count === 1 ? "s" : ""} a decision:`,
    "",
    ...requests.map((request) => `- ${request.kind}: ${request.channelName} (${request.providerName})`),
    ...(count > requests.length ? [`… and ${formatCount(count - requests.length)} more.`] : []),
    "",
    `Decide them: ${portalLink("/admin/requests")}`,
  ];
  return {
    subject: oneLine(`${formatCount(count)} new channel request${count === 1 ? "" : "s"} to review`),
    body: lines.join("\n") + SIGNATURE,
  };
}

export function invitationLetter(invitation: {
  name: string;
  roles: string[];
  organisation: string | null;
  expiresAt: Date;
  link: string;
}): Letter {
  const { name, roles, organisation, expiresAt, link } = invitation;
  const where = organisation ? `the organisation "${organisation}" on ` : "";
  const lines = [
    `Hello${name ? ` ${name}` : ""},`,
    "",
    `You are invited to ${where}the Delivery Channel Portal, as ${roles.join(", ")}.`,
    `Open this link to set your password and sign in. It works once, until ${formatDateTime(expiresAt)}:`,
    "",
    link,
    "",
    "If you did not expect this invitation, ignore this message.",
  ];
  return { subject: "Your invitation to the Delivery Channel Portal", body: lines.join("\n") };
}

export function passwordResetLetter(url: string, validMinutes: number): Letter {
  const lines = [
    "Someone asked to choose a new password for your Delivery Channel Portal account.",
    `Open this link to choose it. It works once, for ${validMinutes} minutes:`,
    "",
    url,
    "",
    "If it was not you, ignore this message: your password stays as it is.",
  ];
  return { subject: "Choose a new password for the Delivery Channel Portal", body: lines.join("\n") };
}

export function refundAwaitingLetter(refund: {
  programName: string;
  amount: string;
  beneficiaryId: string;
  reason: string;
  approvalsRequired: number;
}): Letter {
  const { programName, amount, beneficiaryId, reason, approvalsRequired } = refund;
  const lines = [
    `A refund of ${amount} to beneficiary ${beneficiaryId}, from the program "${programName}", awaits approval.`,
    `Reason: ${reason}`,
    `It needs ${approvalsRequired} approval${approvalsRequired === 1 ? "" : "s"} from finance approvers other than the person who asked for it.`,
    "",
    `Decide it: ${portalLink("/admin/approvals")}`,
  ];
  return {
    subject: oneLine(`A refund of ${amount} awaits your approval: ${programName}`),
    body: lines.join("\n") + SIGNATURE,
  };
}
