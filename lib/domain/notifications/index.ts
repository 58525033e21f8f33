/**
 * The notifications module's public face: `@/lib/domain/notifications`, what the product tells
 * people by mail and in their inbox. Inside lib/domain, import the file you need
 * (./notifications/mail, ./notifications/letters).
 *
 * - mail.ts: queueing mail in the transaction of the change it tells of, its recipients, the
 *   notification settings and the administrators' mailbox
 * - letters.ts: the texts, in the recipient's language
 * - sweeps.ts: the notifications no single change writes, found by looking (lib/jobs/notifier.ts)
 * - inbox.ts: a person's inbox and its unread count
 */

export { type InboxItem, openInbox, unreadCount } from "./inbox";
export { decisionLetter, paymentAwaitingLetter, reviewDigestLetter } from "./letters";
export {
  mailbox,
  mailIsSent,
  mailPasswordReset,
  notificationSettings,
  providerRecipients,
  queueMail,
  queueSealedMail,
  RESET_LINK_MINUTES,
  saveNotificationSettings,
} from "./mail";
export { sendReviewDigest, tellDisabledEndpoints, warnExpiringKeys } from "./sweeps";
