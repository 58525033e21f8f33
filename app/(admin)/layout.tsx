import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { requirePlatformUser } from "@/lib/auth/session";
import { BADGE_CAP, pendingRequestCount } from "@/lib/domain/channels";
import { unreadCount } from "@/lib/domain/notifications";
import { can, type Permission } from "@/lib/domain/permissions";
import { approvalQueueCount } from "@/lib/domain/reconciliation";
import type { Counted } from "@/lib/format";

export const dynamic = "force-dynamic";

/** The admin console, for platform administrators only. Each page checks the role again. */
/**
 * The console's sections, each for the roles that work there (issue 30, finding 6: every staff role
 * saw every section): shown when the person holds any of its permissions. Pages still check their own.
 */
const SECTIONS: Array<{ href: string; label: string; for: Permission[] }> = [
  { href: "/admin/requests", label: "requests", for: ["channels.decide", "audit.read"] },
  { href: "/admin/channels", label: "channels", for: ["console.read"] },
  {
    href: "/admin/providers",
    label: "providers",
    for: ["providers.manage", "channels.decide", "audit.read"],
  },
  { href: "/admin/programs", label: "programs", for: ["programs.manage", "payments.approve", "audit.read"] },
  { href: "/admin/approvals", label: "approvals", for: ["payments.approve"] },
  {
    href: "/admin/statement",
    label: "statement",
    for: ["programs.manage", "payments.approve", "audit.read"],
  },
  { href: "/admin/eligibility", label: "eligibility", for: ["programs.manage", "channels.decide"] },
  { href: "/admin/deliveries", label: "webhookLog", for: ["webhooks.replay", "audit.read"] },
  { href: "/admin/audit", label: "auditTrail", for: ["audit.read"] },
  { href: "/admin/users", label: "users", for: ["users.read"] },
  { href: "/admin/beneficiaries", label: "beneficiaryData", for: ["beneficiaries.erase"] },
  { href: "/admin/mailbox", label: "mailbox", for: ["mail.read"] },
  { href: "/admin/tokens", label: "apiTokens", for: ["tokens.own"] },
  // Every person's own (issue 30, finding 3): shown to whoever may open the console at all.
  { href: "/admin/inbox", label: "inbox", for: [] },
  { href: "/admin/notifications", label: "notifications", for: ["console.read"] },
];

/** The admin console, for platform users. Each page checks the role again. Every one has an inbox. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requirePlatformUser();
  const t = await getTranslations("nav");
  // This drawing of the navigation: opening the inbox hides the unread count it drew (NavLink).
  const drawn = new Date().toISOString();
  const mine = SECTIONS.filter(
    (section) => section.for.length === 0 || section.for.some((permission) => can(user.actor, permission)),
  );
  const counts: Record<string, () => Promise<Counted>> = {
    "/admin/requests": () => pendingRequestCount(BADGE_CAP),
    "/admin/approvals": () => approvalQueueCount(user.actor),
    "/admin/inbox": () => unreadCount(user.actor),
  };
  const nav = await Promise.all(
    mine.map(async (section) => ({
      href: section.href,
      label: t(section.label),
      ...(counts[section.href] ? { count: await counts[section.href]!() } : {}),
      ...(section.href === "/admin/inbox" ? { countClearsOnVisit: drawn } : {}),
    })),
  );
  return (
    <AppShell user={user} organisation={t("platformAdministration")} nav={nav}>
      {children}
    </AppShell>
  );
}
