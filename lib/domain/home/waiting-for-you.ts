/**
 * What waits for a person, on the first page they see (issue 30, finding 6): every staff role
 * landed on the channel review queue, a finance approver among requests they cannot decide and
 * without their own pending approvals, a provider on a bare list. Each entry is a count of what that
 * person's roles can act on, with the filtered list that holds it; a role sees only its own entries.
 */
import { db } from "../../db";
import type { Counted } from "../../format";
import { BADGE_CAP, PORTAL_CHANNEL_STATES, pendingRequestCount } from "../channels";
import { expiringUnrolled } from "../keys";
import { LIVE_PROGRAM } from "../live-scope";
import { unreadCount } from "../notifications";
import { PENDING } from "../payments";
import { type Actor, authorize, authorizeProvider, can, type Permission } from "../permissions";
import { approvalQueueCount, overdueDeliveryCount } from "../reconciliation";

/** One thing that waits: its name in the catalog (home.waiting.<key>), how many, and where they are. */
export interface Waiting {
  key: string;
  count: Counted;
  href: string;
}

/** Today in UTC ("2026-11-27"), as the audit filter takes it: read at each call, not at start-up. */
const todayUtc = () => new Date().toISOString().slice(0, 10);

interface Entry {
  key: string;
  /** Whoever holds this permission is shown the entry. */
  for: Permission;
  /** A function where the list depends on the day (computed per page, not once at start-up). */
  href: string | (() => string);
  count: (actor: Actor) => Promise<Counted>;
}

/** The console's entries, in the order a person works them. */
const CONSOLE: Entry[] = [
  {
    key: "channelRequests",
    for: "channels.decide",
    href: "/admin/requests",
    count: () => pendingRequestCount(BADGE_CAP),
  },
  {
    key: "paymentsToApprove",
    for: "payments.approve",
    href: "/admin/approvals",
    count: (actor) => approvalQueueCount(actor),
  },
  {
    // Issue 32: deliveries past their program's reconciliation window, which finance chases.
    key: "overdueOutcomes",
    for: "payments.approve",
    href: "/admin/statement/overdue",
    count: (actor) => overdueDeliveryCount(actor),
  },
  {
    key: "mySendsAwaitingApproval",
    for: "programs.manage",
    href: "/admin/programs",
    count: (actor) =>
      db().deliveryRequest.count({
        where: { approvalState: PENDING, createdBy: actor.personId ?? "", program: LIVE_PROGRAM },
      }),
  },
  {
    key: "translationsForHumans",
    for: "translations.edit",
    href: "/admin/channels",
    count: () => db().translationJob.count({ where: { state: { in: ["PENDING", "FAILED"] } } }),
  },
  {
    key: "disabledSubscriptions",
    for: "webhooks.replay",
    href: "/admin/deliveries",
    count: () =>
      db().subscription.count({ where: { disabledAt: { not: null }, provider: { sandboxOfId: null } } }),
  },
  {
    key: "invitationsOpen",
    for: "users.manage",
    href: "/admin/users",
    count: () =>
      db().invitation.count({ where: { acceptedAt: null, revokedAt: null, expiresAt: { gt: new Date() } } }),
  },
  {
    // Every person's own: what was decided about what they asked for since they last looked.
    key: "unreadNotifications",
    for: "console.read",
    href: "/admin/inbox",
    count: (actor) => unreadCount(actor),
  },
  {
    key: "auditToday",
    for: "audit.read",
    href: () => `/admin/audit?from=${todayUtc()}`,
    count: () => db().auditEntry.count({ where: { at: { gte: new Date(`${todayUtc()}T00:00:00Z`) } } }),
  },
];

/** The provider portal's entries: what a provider's people fix, or watch, in their organisation. */
const PROVIDER: Entry[] = [
  {
    key: "unreadNotifications",
    for: "provider.read",
    href: "/inbox",
    count: (actor) => unreadCount(actor),
  },
  {
    key: "rejectedRequests",
    for: "provider.channels.edit",
    href: "/channels?state=rejected",
    count: (actor) =>
      db().channel.count({
        where: { providerId: actor.providerId ?? "", ...PORTAL_CHANNEL_STATES.rejected },
      }),
  },
  {
    key: "requestsAwaitingPlatform",
    for: "provider.read",
    href: "/channels?state=pending",
    count: (actor) =>
      db().channel.count({ where: { providerId: actor.providerId ?? "", ...PORTAL_CHANNEL_STATES.pending } }),
  },
  {
    key: "failingSubscriptions",
    for: "provider.webhooks.manage",
    href: "/webhooks",
    count: (actor) =>
      db().subscription.count({
        where: {
          providerId: actor.providerId ?? "",
          OR: [{ disabledAt: { not: null } }, { failureStreak: { gt: 0 } }],
        },
      }),
  },
  {
    key: "keysExpiring",
    for: "provider.keys.manage",
    href: "/keys",
    count: (actor) => db().apiKey.count({ where: expiringUnrolled(actor.providerId ?? "") }),
  },
];

async function countsOf(actor: Actor, entries: Entry[]): Promise<Waiting[]> {
  const mine = entries.filter((entry) => can(actor, entry.for));
  const counts = await Promise.all(mine.map((entry) => entry.count(actor)));
  return mine.map((entry, index) => ({
    key: entry.key,
    href: typeof entry.href === "function" ? entry.href() : entry.href,
    count: counts[index] ?? 0,
  }));
}

/** What waits for a platform user in the console, by their roles. */
export function waitingInConsole(actor: Actor): Promise<Waiting[]> {
  authorize(actor, "console.read");
  return countsOf(actor, CONSOLE);
}

/** What waits for a provider's person in their organisation (its sandbox in test mode), by their role. */
export function waitingInPortal(actor: Actor): Promise<Waiting[]> {
  authorizeProvider(actor, "provider.read");
  return countsOf(actor, PROVIDER);
}
