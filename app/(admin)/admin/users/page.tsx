import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { Card, PageHeader } from "@/components/ui/page";
import { InvitationList } from "@/components/users/invitation-list";
import { InviteForm } from "@/components/users/invite-form";
import { UserList } from "@/components/users/user-list";
import { requirePlatformUser } from "@/lib/auth/session";
import { PLATFORM_ROLES } from "@/lib/contract/roles";
import { can } from "@/lib/domain/permissions";
import { managedUsers, openInvitations, platformUsers } from "@/lib/domain/users";
import {
  changePlatformRolesAction,
  deactivatePlatformUserAction,
  invitePlatformUserAction,
  reactivatePlatformUserAction,
  revokeInvitationAction,
} from "./user-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users");
  return { title: t("platform.title") };
}

/**
 * The platform's users: administrators invite, change roles, deactivate and reactivate; auditors
 * read the list.
 */
export default async function UsersPage() {
  const admin = await requirePlatformUser();
  if (!can(admin.actor, "users.read")) notFound();
  if (!can(admin.actor, "users.manage"))
    return <ReadOnlyUsers users={await platformUsers(admin.actor)} selfId={admin.id} />;
  const [users, invitations] = await Promise.all([managedUsers(admin.actor), openInvitations(admin.actor)]);
  const t = await getTranslations("users");
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.users" />}
        title={t("platform.title")}
        description={t("platform.description")}
      />
      <div className="space-y-6">
        <UserList
          caption={t("platform.caption")}
          users={users}
          scope="platform"
          scopeRoles={PLATFORM_ROLES}
          selfId={admin.id}
          actions={{
            changeRoles: changePlatformRolesAction,
            deactivate: deactivatePlatformUserAction,
            reactivate: reactivatePlatformUserAction,
          }}
        />
        <div className="grid gap-6 lg:grid-cols-2">
          <Card title={t("inviteCard")}>
            <InviteForm scope="platform" invite={invitePlatformUserAction} />
          </Card>
          <Card title={t("openInvitations")}>
            <InvitationList invitations={invitations} revoke={revokeInvitationAction} />
          </Card>
        </div>
      </div>
    </>
  );
}

function ReadOnlyUsers({
  users,
  selfId,
}: {
  users: Awaited<ReturnType<typeof platformUsers>>;
  selfId: string;
}) {
  const t = useTranslations("users");
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.users" />}
        title={t("platform.title")}
        description={t("platform.readOnlyDescription")}
      />
      <UserList
        caption={t("platform.caption")}
        users={users}
        scope="platform"
        scopeRoles={PLATFORM_ROLES}
        selfId={selfId}
      />
    </>
  );
}
