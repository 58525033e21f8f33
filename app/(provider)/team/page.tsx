import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { Card, PageHeader } from "@/components/ui/page";
import { InvitationList } from "@/components/users/invitation-list";
import { InviteForm } from "@/components/users/invite-form";
import { UserList } from "@/components/users/user-list";
import { organisationActor, requireProviderUser } from "@/lib/auth/session";
import { PROVIDER_ROLES } from "@/lib/contract/roles";
import { can } from "@/lib/domain/permissions";
import { openInvitations, organisationUsers } from "@/lib/domain/users";
import {
  changeTeamRolesAction,
  deactivateTeamMemberAction,
  inviteTeamMemberAction,
  reactivateTeamMemberAction,
  revokeTeamInvitationAction,
} from "./team-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("users");
  return { title: t("team.title") };
}

/**
 * The organisation's users, in either mode (they are the live organisation's): owners invite,
 * change roles, deactivate and reactivate; editors and viewers see the list.
 */
export default async function TeamPage() {
  const user = await requireProviderUser();
  const t = await getTranslations("users");
  const actor = organisationActor(user);
  const manages = can(actor, "provider.users.manage");
  const [users, invitations] = await Promise.all([
    organisationUsers(actor),
    manages ? openInvitations(actor) : Promise.resolve([]),
  ]);
  return (
    <>
      <PageHeader
        help={<HelpLink page="provider.team" />}
        title={t("team.title")}
        description={t("team.description")}
      />
      <div className="space-y-6">
        <UserList
          caption={t("team.caption")}
          users={users}
          scope="provider"
          scopeRoles={PROVIDER_ROLES}
          selfId={user.id}
          actions={
            manages
              ? {
                  changeRoles: changeTeamRolesAction,
                  deactivate: deactivateTeamMemberAction,
                  reactivate: reactivateTeamMemberAction,
                }
              : undefined
          }
        />
        {manages && (
          <div className="grid gap-6 lg:grid-cols-2">
            <Card title={t("inviteCard")}>
              <InviteForm scope="provider" invite={inviteTeamMemberAction} />
            </Card>
            <Card title={t("openInvitations")}>
              <InvitationList invitations={invitations} revoke={revokeTeamInvitationAction} />
            </Card>
          </div>
        )}
      </div>
    </>
  );
}
