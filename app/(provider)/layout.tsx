import type { ReactNode } from "react";
import { LookupsProvider } from "@/components/channel-form/lookups";
import { KeyExpiryBanner } from "@/components/keys/expiry-banner";
import { AppShell } from "@/components/shell/app-shell";
import { requireProviderUser } from "@/lib/auth/session";
import { expiringApiKeys } from "@/lib/domain/api-key-rotation";
import { providerName } from "@/lib/domain/providers";
import { lookupValuesAction } from "./channels/actions";

export const dynamic = "force-dynamic";

/**
 * The provider portal. Each page checks the user again: a layout alone protects nothing. The channel
 * form's lookup values come through the layout, so components need not import app/. Every page
 * warns while an active API key expires within a week.
 */
export default async function ProviderLayout({ children }: { children: ReactNode }) {
  const user = await requireProviderUser();
  const [organisation, expiring] = await Promise.all([
    providerName(user.providerId),
    expiringApiKeys(user.providerId),
  ]);
  return (
    <AppShell
      user={user}
      organisation={organisation}
      nav={[
        { href: "/channels", label: "Channels" },
        { href: "/keys", label: "API keys" },
        { href: "/webhooks", label: "Webhooks" },
      ]}
    >
      <KeyExpiryBanner keys={expiring} />
      <LookupsProvider load={lookupValuesAction}>{children}</LookupsProvider>
    </AppShell>
  );
}
