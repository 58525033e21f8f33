/**
 * Mail: the letters the product sends (in the reader's language), the mail outbox they are queued
 * in with the change that caused them, who receives which kind, and each user's choice of kinds.
 * Below every feature that tells someone something by mail.
 */
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
