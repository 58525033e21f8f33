import type { ReactNode } from "react";
import { AppShell } from "@/components/shell/app-shell";
import { requirePlatformUser } from "@/lib/auth/session";
import { awaitingMyApprovalCount } from "@/lib/domain/approval-queue";
import { BADGE_CAP, pendingRequestCount } from "@/lib/domain/channels";
import { can } from "@/lib/domain/permissions";

export const dynamic = "force-dynamic";

/** The admin console, for platform administrators only. Each page checks the role again. */
export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requirePlatformUser();
  return (
    <AppShell
      user={user}
      organisation="Platform administration"
      nav={[
        { href: "/admin/requests", label: "Requests", count: await pendingRequestCount(BADGE_CAP) },
        { href: "/admin/channels", label: "Channels" },
        { href: "/admin/providers", label: "Providers" },
        { href: "/admin/programs", label: "Programs" },
        ...(can(user.actor, "payments.approve")
          ? [
              {
                href: "/admin/approvals",
                label: "Approvals",
                count: await awaitingMyApprovalCount(user.actor),
              },
            ]
          : []),
        { href: "/admin/eligibility", label: "Eligibility" },
        { href: "/admin/deliveries", label: "Webhook log" },
        ...(can(user.actor, "audit.read") ? [{ href: "/admin/audit", label: "Audit trail" }] : []),
        ...(can(user.actor, "users.read") ? [{ href: "/admin/users", label: "Users" }] : []),
        ...(can(user.actor, "mail.read") ? [{ href: "/admin/mailbox", label: "Mailbox" }] : []),
        { href: "/admin/tokens", label: "API tokens" },
        { href: "/admin/notifications", label: "Notifications" },
      ]}
    >
      {children}
    </AppShell>
  );
}
