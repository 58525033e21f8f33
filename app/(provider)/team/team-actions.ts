"use server";
/**
 * The team page's actions (owners, provider.users.manage): the organisation's users, whatever the
 * portal's mode (anyMode: users belong to the live organisation, organisationActor).
 */
import { organisationActor } from "@/lib/auth/session";
import {
  invitationIdSchema,
  inviteTeamMemberSchema,
  teamRolesSchema,
  userIdSchema,
} from "@/lib/contract/forms/user-forms";
import {
  changeUserRoles,
  deactivateUser,
  inviteUser,
  reactivateUser,
  revokeInvitation,
} from "@/lib/domain/users";
import { defineAction } from "@/lib/portal/define-action";
import { requestOrigin } from "@/lib/portal/request-origin";

const TEAM = "/team";

export const inviteTeamMemberAction = defineAction({
  role: "provider",
  permission: "provider.users.manage",
  anyMode: true,
  input: inviteTeamMemberSchema,
  run: async (input, owner) => {
    // The organisation is the owner's own: never taken from the input.
    const sent = await inviteUser(
      organisationActor(owner),
      { ...input, providerId: null },
      await requestOrigin(),
    );
    return { email: sent.email, link: sent.link };
  },
  revalidate: TEAM,
});

export const revokeTeamInvitationAction = defineAction({
  role: "provider",
  permission: "provider.users.manage",
  anyMode: true,
  input: invitationIdSchema,
  run: ({ invitationId }, owner) => revokeInvitation(organisationActor(owner), invitationId),
  revalidate: TEAM,
});

export const changeTeamRolesAction = defineAction({
  role: "provider",
  permission: "provider.users.manage",
  anyMode: true,
  input: teamRolesSchema,
  run: async ({ userId, roles }, owner) => {
    await changeUserRoles(organisationActor(owner), userId, roles);
  },
  revalidate: TEAM,
});

export const deactivateTeamMemberAction = defineAction({
  role: "provider",
  permission: "provider.users.manage",
  anyMode: true,
  input: userIdSchema,
  run: ({ userId }, owner) => deactivateUser(organisationActor(owner), userId),
  revalidate: TEAM,
});

export const reactivateTeamMemberAction = defineAction({
  role: "provider",
  permission: "provider.users.manage",
  anyMode: true,
  input: userIdSchema,
  run: ({ userId }, owner) => reactivateUser(organisationActor(owner), userId),
  revalidate: TEAM,
});
