/**
 * What the product tells people, by mail and in their inbox: `@/lib/domain/notifications`. Below
 * channels, payments, deliveries and users, which queue mail with the change they tell of.
 *
 * - mail.ts: queueing mail in the transaction of the change it tells of, its recipients, the
 *   notification settings and the administrators' mailbox
 * - letters.ts: the texts, in the recipient's language (overdue-letter.ts: overdue outcomes)
 * - sweeps.ts: the notifications no single change writes, found by looking (lib/jobs/notifier.ts)
 * - inbox.ts: a person's inbox and its unread count
 */

export { adjustmentAwaitingLetter, notifyAdjustmentAwaiting } from "./adjustment-letter";
export { type InboxItem, openInbox, unreadCount } from "./inbox";
export {
  DIGEST_LISTED,
  decisionLetter,
  invitationLetter,
  keyExpiringLetter,
  type Letter,
  type LetterIn,
  paymentAwaitingLetter,
  reviewDigestLetter,
  webhookDisabledLetter,
} from "./letters";
export {
  mailbox,
  mailIsSent,
  mailPasswordReset,
  notificationSettings,
  notifyPaymentAwaiting,
  notifyPaymentDecided,
  notifyRefundAwaiting,
  providerRecipients,
  queueMail,
  queueSealedMail,
  RESET_LINK_MINUTES,
  saveNotificationSettings,
  usersWithRole,
} from "./mail";
export { overdueOutcomesLetter } from "./overdue-letter";
export { pruneOldMail } from "./prune-mail";
export { sendReviewDigest, tellDisabledEndpoints, warnExpiringKeys } from "./sweeps";
