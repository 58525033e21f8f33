/**
 * The texts of the notifications, in the recipient's language (messages/<locale>/mail.json): plain
 * text only (no HTML, so nothing a provider typed can become markup in a mail client), a subject on
 * one line, links to the portal when its public URL is set. Each letter is a function of the
 * language, so that one change writes each recipient's own (lib/domain/notifications/mail.ts).
 */
import { publicUrl } from "../../config";
import { formatterFor, withoutDirectionControls } from "../../format";
import { DEFAULT_LOCALE, isLocale } from "../../i18n/locales";
import { translatorFor } from "../../i18n/translator";

export interface Letter {
  subject: string;
  body: string;
  /**
   * The page of what it tells of (a path in the product): the recipient's inbox links to it
   * (lib/domain/notifications/inbox.ts). A sealed letter has none: it is never in an inbox.
   */
  path?: string;
  /** The reason given by whoever decided (a rejection's), shown beside the subject in the inbox. */
  reason?: string | null;
}

/** A letter in the language of whoever reads it. */
export type LetterIn = (locale: string) => Letter;

const SUBJECT_CHARS = 200;

/** One line (a line break in a header would start another header), at most SUBJECT_CHARS. */
export function oneLine(text: string): string {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed
  const line = text.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ").trim();
  return line.length > SUBJECT_CHARS ? `${line.slice(0, SUBJECT_CHARS - 1)}…` : line;
}

/** The portal's address of `path`, when the portal knows its public URL; otherwise the path. */
export const portalLink = (path: string) => `${publicUrl()?.replace(/\/$/, "") ?? ""}${path}`;

// A letter drops direction controls (withoutDirectionControls): only text someone else wrote carries
// them (the catalogs have none), and an unclosed right-to-left override in a provider's channel name
// would reverse the rest of the line in the mail client ("was approved." shown as ".devorppa saw").
// Removed rather than isolated, so that a letter in English stays plain ASCII text.

/** A letter's parts in `locale`: its translator, formatter, and the body's lines with the signature. */
export function writer(requested: string) {
  const locale = isLocale(requested) ? requested : DEFAULT_LOCALE;
  const t = translatorFor(locale, "mail");
  return {
    t,
    format: formatterFor(locale),
    letter: (
      subject: string,
      lines: string[],
      signed = true,
      inbox: Pick<Letter, "path" | "reason"> = {},
    ): Letter => ({
      subject: oneLine(withoutDirectionControls(subject)),
      body: withoutDirectionControls(lines.join("\n") + (signed ? `\n\n-- \n${t("signature")}` : "")),
      ...inbox,
    }),
  };
}

export const decisionLetter =
  (decision: {
    channelName: string;
    providerDeliveryChannelId: string;
    requestType: string;
    approved: boolean;
    reason: string | null;
  }): LetterIn =>
  (locale) => {
    const { t, letter } = writer(locale);
    const { channelName, providerDeliveryChannelId: id, requestType, reason } = decision;
    const verdict = decision.approved ? "approved" : "rejected";
    const path = `/channels/${encodeURIComponent(id)}`;
    return letter(
      t("decision.subject", { verdict, channelName }),
      [
        t("decision.body", { requestType, channelName, id, verdict }),
        ...(reason ? ["", t("decision.reason"), reason] : []),
        "",
        t("decision.link", { link: portalLink(path) }),
      ],
      true,
      { path, reason },
    );
  };

/** An amount in integer hundredths and its unit. */
export interface Money {
  minor: bigint;
  unit: string;
}

export const paymentAwaitingLetter =
  (request: {
    programName: string;
    description: string;
    total: Money;
    deliveryCount: number;
    approvalsRequired: number;
  }): LetterIn =>
  (locale) => {
    const { t, format, letter } = writer(locale);
    const amount = format.amount(request.total.minor, request.total.unit);
    const { programName } = request;
    return letter(
      t("paymentAwaiting.subject", { amount, programName }),
      [
        t("paymentAwaiting.body", { amount, deliveries: request.deliveryCount, programName }),
        t("paymentAwaiting.description", { description: request.description }),
        t("paymentAwaiting.approvals", { approvals: request.approvalsRequired }),
        "",
        t("paymentAwaiting.link", { link: portalLink("/admin/approvals") }),
      ],
      true,
      { path: "/admin/approvals" },
    );
  };

export const refundAwaitingLetter =
  (refund: {
    programName: string;
    amount: Money;
    beneficiaryId: string;
    approvalsRequired: number;
  }): LetterIn =>
  (locale) => {
    const { t, format, letter } = writer(locale);
    const amount = format.amount(refund.amount.minor, refund.amount.unit);
    const { programName, beneficiaryId } = refund;
    return letter(
      t("refundAwaiting.subject", { amount, programName }),
      [
        t("refundAwaiting.body", { amount, beneficiaryId, programName }),
        // The reason is free text that may name the beneficiary: it stays sealed in the product (issue 36).
        t("refundAwaiting.reasonOnPage"),
        t("refundAwaiting.approvals", { approvals: refund.approvalsRequired }),
        "",
        t("refundAwaiting.link", { link: portalLink("/admin/approvals") }),
      ],
      true,
      { path: "/admin/approvals" },
    );
  };

/**
 * The final decision on a payment (a delivery request held for approval) or a refund someone asked
 * for, to that person: approved (sent, or asked of the provider) or rejected, by whom, and why.
 */
export const paymentDecidedLetter =
  (decision: {
    subject: "payment" | "refund" | "adjustment";
    approved: boolean;
    /** Not decided: it waited past the approval window (lib/domain/payments/expiry.ts). */
    expired?: boolean;
    programName: string;
    /** The request's description, or the refunded delivery's beneficiary. */
    what: string;
    amount: Money;
    decidedBy: string;
    reason: string | null;
    /** A reason that may name a beneficiary (every rejection's): not quoted, the page shows it (issue 36). */
    reasonOnPage?: boolean;
    /** The request's page in the console. */
    path: string;
  }): LetterIn =>
  (locale) => {
    const { t, format, letter } = writer(locale);
    const amount = format.amount(decision.amount.minor, decision.amount.unit);
    const outcome = decision.expired ? "Expired" : decision.approved ? "Approved" : "Rejected";
    const key = `${decision.subject}${outcome}` as const;
    const values = { amount, programName: decision.programName, what: decision.what, by: decision.decidedBy };
    return letter(
      t(`paymentDecided.${key}.subject`, values),
      [
        t(`paymentDecided.${key}.body`, values),
        ...(decision.reason ? ["", t("paymentDecided.reason"), decision.reason] : []),
        ...(decision.reasonOnPage ? ["", t("paymentDecided.reasonOnPage")] : []),
        "",
        t("paymentDecided.link", { link: portalLink(decision.path) }),
      ],
      true,
      { path: decision.path, reason: decision.reason },
    );
  };

export const keyExpiringLetter =
  (key: { name: string; prefix: string; expiresAt: Date }): LetterIn =>
  (locale) => {
    const { t, format, letter } = writer(locale);
    const named = key.name ? `"${key.name}" (${key.prefix}…)` : `${key.prefix}…`;
    return letter(
      t("keyExpiring.subject", { key: named }),
      [
        t("keyExpiring.body", { key: named, expiresAt: format.dateTime(key.expiresAt) }),
        t("keyExpiring.advice"),
        "",
        t("keyExpiring.link", { link: portalLink("/keys") }),
      ],
      true,
      { path: "/keys" },
    );
  };

export const webhookDisabledLetter =
  (subscription: { eventType: string; disabledReason: string | null }): LetterIn =>
  (locale) => {
    const { t, letter } = writer(locale);
    const { eventType } = subscription;
    const reason = subscription.disabledReason ?? t("webhookDisabled.defaultReason");
    return letter(
      t("webhookDisabled.subject", { eventType }),
      [
        t("webhookDisabled.body", { eventType, reason }),
        t("webhookDisabled.advice"),
        "",
        t("webhookDisabled.link", { link: portalLink("/webhooks") }),
      ],
      true,
      { path: "/webhooks", reason },
    );
  };

/** At most this many requests are listed in a digest; the count says how many there are. */
export const DIGEST_LISTED = 20;

export const reviewDigestLetter =
  (count: number, requests: Array<{ kind: string; channelName: string; providerName: string }>): LetterIn =>
  (locale) => {
    const { t, format, letter } = writer(locale);
    const more = count - requests.length;
    return letter(
      t("digest.subject", { count }),
      [
        t("digest.body", { count }),
        "",
        ...requests.map((request) => `- ${request.kind}: ${request.channelName} (${request.providerName})`),
        ...(more > 0 ? [t("digest.more", { count: format.count(more) })] : []),
        "",
        t("digest.link", { link: portalLink("/admin/requests") }),
      ],
      true,
      { path: "/admin/requests" },
    );
  };

export const invitationLetter =
  (invitation: {
    name: string;
    roles: string[];
    organisation: string | null;
    expiresAt: Date;
    link: string;
  }): LetterIn =>
  (locale) => {
    const { t, format, letter } = writer(locale);
    const { name, organisation } = invitation;
    const roles = invitation.roles.join(", ");
    const lines = [
      name ? t("invitation.greetingNamed", { name }) : t("invitation.greeting"),
      "",
      organisation
        ? t("invitation.bodyInOrganisation", { organisation, roles })
        : t("invitation.body", { roles }),
      t("invitation.link", { expiresAt: format.dateTime(invitation.expiresAt) }),
      "",
      invitation.link,
      "",
      t("invitation.ignore"),
    ];
    return letter(t("invitation.subject"), lines, false);
  };

export const passwordResetLetter =
  (url: string, validMinutes: number): LetterIn =>
  (locale) => {
    const { t, letter } = writer(locale);
    const lines = [
      t("passwordReset.body"),
      t("passwordReset.link", { minutes: validMinutes }),
      "",
      url,
      "",
      t("passwordReset.ignore"),
    ];
    return letter(t("passwordReset.subject"), lines, false);
  };
