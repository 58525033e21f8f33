/**
 * A person's inbox (issue 30, finding 3, in the product): what the portal told them of, newest first,
 * each with the page of what it tells of. The rows are written by queueMail (mail.ts) in the
 * transaction of the change, for every recipient of the mail whether or not they turned its mail
 * off: turning mail off does not hide a decision from the product. Only the person's own rows are
 * ever read (the actor's person, never an id from the input), and a sealed letter (an invitation's
 * or a reset's link) is never written there.
 *
 * Unread is what arrived after User.inboxSeenAt; opening the inbox moves it to the newest
 * notification the person has, so the navigation's badge clears.
 */
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import type { Counted } from "../../format";
import { forbidden } from "../errors";
import { type PageQuery, readKeysetPage, type SortKey } from "../paging";
import type { Actor } from "../permissions";

const NEWEST_FIRST: SortKey = { field: "createdAt", direction: "desc", kind: "date" };

/** The inbox badge stops counting here (shown "99+"), as the console's other badges do. */
export const INBOX_BADGE_CAP = 99;

/** The person whose inbox it is: a signed-in user (a key or a worker has none). */
function owner(actor: Actor): string {
  if (actor.kind !== "user" || !actor.personId) throw forbidden(say("onlyPersonHasInbox"));
  return actor.personId;
}

/** What counts as unread: the person's notifications written after they last opened the inbox. */
const unreadWhere = (userId: string, seenAt: Date | null) => ({
  userId,
  ...(seenAt ? { createdAt: { gt: seenAt } } : {}),
});

const seenAtOf = async (userId: string) =>
  (await db().user.findUnique({ where: { id: userId }, select: { inboxSeenAt: true } }))?.inboxSeenAt ?? null;

/** How many notifications the person has not seen yet, up to INBOX_BADGE_CAP (an index seek). */
export async function unreadCount(actor: Actor): Promise<Counted> {
  const userId = owner(actor);
  const seenAt = await seenAtOf(userId);
  const unread = await db().notification.findMany({
    where: unreadWhere(userId, seenAt),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    take: INBOX_BADGE_CAP + 1,
    select: { id: true },
  });
  return unread.length > INBOX_BADGE_CAP
    ? { total: INBOX_BADGE_CAP, totalCapped: true }
    : { total: unread.length, totalCapped: false };
}

/**
 * Opens the person's inbox: a page of their notifications, newest first, each marked `unread` when
 * it arrived since they last opened it; then everything up to their newest notification counts as
 * seen.
 */
export async function openInbox(actor: Actor, query: PageQuery = {}) {
  const userId = owner(actor);
  const seenAt = await seenAtOf(userId);
  const page = await readKeysetPage({
    query,
    pageSize: 25,
    key: NEWEST_FIRST,
    table: db().notification,
    filter: { userId },
    rows: ({ where, orderBy, take }) =>
      db().notification.findMany({
        where,
        orderBy,
        take,
        select: { id: true, kind: true, subject: true, reason: true, path: true, createdAt: true },
      }),
  });
  const newest = await db().notification.findFirst({
    where: unreadWhere(userId, seenAt),
    orderBy: [{ createdAt: "desc" }, { id: "desc" }],
    select: { createdAt: true },
  });
  if (newest) {
    // Never backwards: of two tabs opening it, the later notification wins.
    await db().user.updateMany({
      where: { id: userId, OR: [{ inboxSeenAt: null }, { inboxSeenAt: { lt: newest.createdAt } }] },
      data: { inboxSeenAt: newest.createdAt },
    });
  }
  return {
    ...page,
    items: page.items.map((item) => ({ ...item, unread: !seenAt || item.createdAt > seenAt })),
  };
}

export type InboxItem = Awaited<ReturnType<typeof openInbox>>["items"][number];
