/**
 * What the product tells people unasked: `@/lib/domain/notifications` (the letters and the mail
 * outbox are ../mail, which every feature that tells someone something uses).
 *
 * - sweeps.ts: the notifications no single change writes, found by looking (lib/jobs/notifier.ts)
 * - inbox.ts: a person's inbox and its unread count
 */

export { type InboxItem, openInbox, unreadCount } from "./inbox";
export { sendReviewDigest, tellDisabledEndpoints, warnExpiringKeys } from "./sweeps";
