import { cookies } from "next/headers";
import { getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { LookupsProvider } from "@/components/channel-form/lookups";
import { HelpLink } from "@/components/help-link";
import { KeyExpiryBanner } from "@/components/keys/expiry-banner";
import { AppShell } from "@/components/shell/app-shell";
import { ModeSwitch, TestModeBanner } from "@/components/shell/mode-switch";
import { requireProviderUser } from "@/lib/auth/session";
import { expiringApiKeys } from "@/lib/domain/keys";
import { unreadCount } from "@/lib/domain/notifications";
import { providerName } from "@/lib/domain/providers";
import { DISMISSED_KEY_WARNINGS_COOKIE, dismissedKeyIds } from "@/lib/portal/key-warnings";
import { PageModeProvider } from "@/lib/portal/page-mode";
import { lookupValuesAction } from "./channels/channel-actions";
import { setPortalModeAction } from "./portal-mode-action";

export const dynamic = "force-dynamic";

/**
 * The provider portal. Each page checks the user again: a layout alone protects nothing. The channel
 * form's lookup values come through the layout, so components need not import app/. In test mode
 * every page shows the organisation's sandbox, under a banner that says so. Every page of whoever
 * can roll keys warns while an active key nobody has rolled expires within a week, until dismissed.
 */
export default async function ProviderLayout({ children }: { children: ReactNode }) {
  const user = await requireProviderUser();
  const t = await getTranslations("nav");
  const [organisation, expiring, unread] = await Promise.all([
    providerName(user.liveProviderId),
    expiringApiKeys(user.actor, dismissedKeyIds((await cookies()).get(DISMISSED_KEY_WARNINGS_COOKIE)?.value)),
    unreadCount(user.actor),
  ]);
  return (
    <AppShell
      user={user}
      organisation={organisation}
      controls={<ModeSwitch mode={user.mode} switchMode={setPortalModeAction} />}
      banner={
        user.mode === "test" ? <TestModeBanner help={<HelpLink page="provider.testMode" />} /> : undefined
      }
      nav={[
        { href: "/channels", label: t("channels") },
        { href: "/keys", label: t("apiKeys") },
        { href: "/webhooks", label: t("webhooks") },
        { href: "/team", label: t("team") },
        { href: "/statement", label: t("statement") },
        // This drawing's unread count, hidden from a visit of the inbox on (NavLink).
        { href: "/inbox", label: t("inbox"), count: unread, countClearsOnVisit: new Date().toISOString() },
        { href: "/notifications", label: t("notifications") },
        { href: "/docs", label: t("apiReference"), plain: true },
      ]}
    >
      <KeyExpiryBanner keys={expiring} />
      <PageModeProvider mode={user.mode}>
        <LookupsProvider load={lookupValuesAction}>{children}</LookupsProvider>
      </PageModeProvider>
    </AppShell>
  );
}
