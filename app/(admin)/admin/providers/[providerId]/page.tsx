import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { RegenerateKeyButton } from "@/components/admin/provider-forms";
import { ApprovalBadge, StatusBadge } from "@/components/channels/status-badges";
import { KeyStateBadge } from "@/components/keys/key-state-badge";
import { Badge, Card, PageHeader } from "@/components/ui/page";
import { InvitationList } from "@/components/users/invitation-list";
import { InviteOwnerForm } from "@/components/users/invite-form";
import { requirePlatformUser } from "@/lib/auth/session";
import { parseRoles, ROLE_LABELS } from "@/lib/contract/roles";
import { providerForAdmin } from "@/lib/domain/admin-console";
import { keyState } from "@/lib/domain/api-key-rotation";
import { openInvitations } from "@/lib/domain/invitations";
import { can } from "@/lib/domain/permissions";
import { formatDateTime } from "@/lib/format";
import { inviteOwnerAction, regenerateKeyAction } from "../../actions";
import { revokeInvitationAction } from "../../users/actions";

export const metadata: Metadata = { title: "Provider" };

export default async function ProviderPage({ params }: { params: Promise<{ providerId: string }> }) {
  const user = await requirePlatformUser();
  const provider = await providerForAdmin(user.actor, (await params).providerId);
  const manages = can(user.actor, "providers.manage");
  if (!provider) notFound();
  const invitations = manages ? await openInvitations(user.actor, provider.id) : null;
  return (
    <>
      <PageHeader title={provider.name} description={`Created ${formatDateTime(provider.createdAt)}`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="API keys">
          <ul className="mb-4 space-y-1 text-sm">
            {provider.apiKeys.map((key) => (
              <li key={key.id} className="flex items-center gap-2">
                <span className="font-mono">{key.prefix}…</span>
                <span className="text-slate-600">{key.name}</span>
                <KeyStateBadge state={keyState(key)} expiresAt={key.expiresAt} />
              </li>
            ))}
          </ul>
          {manages && <RegenerateKeyButton providerId={provider.id} regenerate={regenerateKeyAction} />}
        </Card>
        <Card title="Users">
          <ul className="mb-4 space-y-1 text-sm">
            {provider.users.length === 0 && <li className="text-slate-600">No users yet.</li>}
            {provider.users.map((member) => (
              <li key={member.id}>
                {member.name} · {member.email}{" "}
                {parseRoles(member.roles).map((role) => (
                  <Badge key={role} tone="blue">
                    {ROLE_LABELS[role]}
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
        <Card title="Channels">
          <ul className="space-y-1 text-sm">
            {provider.channels.length === 0 && <li className="text-slate-600">No channels.</li>}
            {provider.channels.map((channel) => (
              <li key={channel.id}>
                <div className="flex flex-wrap items-center gap-2">
                  <Link
                    href={`/admin/channels/${channel.id}`}
                    className="font-medium text-blue-800 hover:underline"
                  >
                    {channel.name || channel.providerDeliveryChannelId}
                  </Link>
                  <StatusBadge status={channel.status} />
                  <ApprovalBadge isApproved={channel.isApproved} />
                </div>
                <div className="font-mono text-xs break-all text-slate-500">
                  {channel.providerDeliveryChannelId}
                </div>
              </li>
            ))}
          </ul>
        </Card>
        <Card title="Webhook subscriptions">
          <ul className="space-y-2 text-sm">
            {provider.subscriptions.length === 0 && <li className="text-slate-600">No subscriptions.</li>}
            {provider.subscriptions.map((subscription) => (
              <li key={subscription.eventType}>
                <span className="font-mono">{subscription.eventType}</span>
                <div className="font-mono text-xs break-all text-slate-600">{subscription.callbackUrl}</div>
                <div className="text-xs">
                  auth: {subscription.authType ?? "none"}
                  {subscription.disabledAt && (
                    <span className="text-red-800"> · disabled: {subscription.disabledReason}</span>
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
