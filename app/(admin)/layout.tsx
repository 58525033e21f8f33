import { getTranslations } from "next-intl/server";
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
  const t = await getTranslations("nav");
  return (
    <AppShell
      user={user}
      organisation={t("platformAdministration")}
      nav={[
        { href: "/admin/requests", label: t("requests"), count: await pendingRequestCount(BADGE_CAP) },
        { href: "/admin/channels", label: t("channels") },
        { href: "/admin/providers", label: t("providers") },
        { href: "/admin/programs", label: t("programs") },
        ...(can(user.actor, "payments.approve")
          ? [
              {
                href: "/admin/approvals",
                label: t("approvals"),
                count: await awaitingMyApprovalCount(user.actor),
              },
            ]
          : []),
        { href: "/admin/eligibility", label: t("eligibility") },
        { href: "/admin/deliveries", label: t("webhookLog") },
        ...(can(user.actor, "audit.read") ? [{ href: "/admin/audit", label: t("auditTrail") }] : []),
        ...(can(user.actor, "users.read") ? [{ href: "/admin/users", label: t("users") }] : []),
        ...(can(user.actor, "mail.read") ? [{ href: "/admin/mailbox", label: t("mailbox") }] : []),
        { href: "/admin/tokens", label: t("apiTokens") },
        { href: "/admin/notifications", label: t("notifications") },
      ]}
    >
      {children}
    </AppShell>
  );
}
