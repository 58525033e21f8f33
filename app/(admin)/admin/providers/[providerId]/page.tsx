import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { RegenerateKeyButton } from "@/components/admin/provider-forms";
import { ChannelStandingBadges } from "@/components/channels/status-badges";
import { HelpLink } from "@/components/help-link";
import { KeyStateBadge } from "@/components/keys/key-state-badge";
import { Badge, Card, PageHeader } from "@/components/ui/page";
import { LeftToRight, ProviderText } from "@/components/ui/provider-text";
import { InvitationList } from "@/components/users/invitation-list";
import { InviteOwnerForm } from "@/components/users/invite-form";
import { requirePlatformUser } from "@/lib/auth/session";
import { parseRoles } from "@/lib/contract/roles";
import { inViewersLanguage } from "@/lib/domain/channels";
import { keyState } from "@/lib/domain/keys";
import { can } from "@/lib/domain/permissions";
import { providerForAdmin } from "@/lib/domain/providers";
import { openInvitations } from "@/lib/domain/users";
import { getFormat } from "@/lib/i18n/get-format";
import { inviteOwnerAction, regenerateKeyAction } from "../../provider-actions";
import { revokeInvitationAction } from "../../users/user-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("providers.detail");
  return { title: t("title") };
}

export default async function ProviderPage({ params }: { params: Promise<{ providerId: string }> }) {
  const user = await requirePlatformUser();
  const found = await providerForAdmin(user.actor, (await params).providerId);
  const manages = can(user.actor, "providers.manage");
  if (!found) notFound();
  const provider = { ...found, channels: await inViewersLanguage(found.channels, await getLocale()) };
  const invitations = manages ? await openInvitations(user.actor, provider.id) : null;
  const t = await getTranslations("providers.detail");
  const roleName = await getTranslations("users.role");
  const format = await getFormat();
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.provider" />}
        title={provider.name}
        description={t("created", { date: format.dateTime(provider.createdAt) })}
      />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("apiKeys")}>
          <ul className="mb-4 space-y-1 text-sm">
            {provider.apiKeys.map((key) => (
              <li key={key.id} className="flex items-center gap-2">
                <span className="font-mono">{key.prefix}…</span>
                <span className="min-w-0 text-slate-600">
                  <ProviderText>{key.name}</ProviderText>
                </span>
                <KeyStateBadge state={keyState(key)} expiresAt={key.expiresAt} />
              </li>
            ))}
          </ul>
          {manages && <RegenerateKeyButton providerId={provider.id} regenerate={regenerateKeyAction} />}
        </Card>
        <Card title={t("users")}>
          <ul className="mb-4 space-y-1 text-sm">
            {provider.users.length === 0 && <li className="text-slate-600">{t("noUsers")}</li>}
            {provider.users.map((member) => (
              <li key={member.id}>
                <ProviderText>{member.name}</ProviderText> · <LeftToRight>{member.email}</LeftToRight>{" "}
                {parseRoles(member.roles).map((role) => (
                  <Badge key={role} tone="blue">
                    {roleName(role)}
                  </Badge>
                ))}
              </li>
            ))}
          </ul>
          {invitations && (
            <div className="space-y-4">
              <InvitationList invitations={invitations} revoke={revokeInvitationAction} />
              <InviteOwnerForm providerId={provider.id} invite={inviteOwnerAction} />
            </div>
          )}
        </Card>
        <Card title={t("channels")}>
          <ul className="space-y-1 text-sm">
            {provider.channels.length === 0 && <li className="text-slate-600">{t("noChannels")}</li>}
            {provider.channels.map((channel) => (
              <li key={channel.id}>
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    href={`/admin/channels/${channel.id}`}
                    className="font-medium text-blue-800 hover:underline"
                  >
                    <ProviderText>{channel.name || channel.providerDeliveryChannelId}</ProviderText>
                  </Link>
                  <ChannelStandingBadges standing={channel.standing} detailed />
                </div>
                <div className="font-mono text-xs break-all text-slate-500">
                  {channel.providerDeliveryChannelId}
                </div>
              </li>
            ))}
          </ul>
        </Card>
        <Card title={t("subscriptions")}>
          <ul className="space-y-2 text-sm">
            {provider.subscriptions.length === 0 && (
              <li className="text-slate-600">{t("noSubscriptions")}</li>
            )}
            {provider.subscriptions.map((subscription) => (
              <li key={subscription.eventType}>
                <span className="font-mono">{subscription.eventType}</span>
                <div className="font-mono text-xs break-all text-slate-600">{subscription.callbackUrl}</div>
                <div className="text-xs">
                  {t("auth", { type: subscription.authType ?? t("noAuth") })}
                  {subscription.disabledAt && (
                    <span className="text-red-800">
                      {" · "}
                      {t("disabled", { reason: subscription.disabledReason ?? "" })}
                    </span>
                  )}
                </div>
              </li>
            ))}
          </ul>
        </Card>
      </div>
    </>
  );
}
