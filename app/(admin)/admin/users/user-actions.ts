"use server";
/** The console's user management: invitations, roles, deactivation (administrators, users.manage). */
import {
  invitationIdSchema,
  invitePlatformUserSchema,
  platformRolesSchema,
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

const USERS = "/admin/users";

export const invitePlatformUserAction = defineAction({
  role: "admin",
  permission: "users.manage",
  input: invitePlatformUserSchema,
  run: async (input, admin) => {
    const sent = await inviteUser(admin.actor, { ...input, providerId: null }, await requestOrigin());
    return { email: sent.email, link: sent.link };
  },
  revalidate: USERS,
});

/** Revokes a platform invitation, or an owner's invitation from a provider's page. */
export const revokeInvitationAction = defineAction({
  role: "admin",
  permission: "users.manage",
  input: invitationIdSchema,
  run: ({ invitationId }, admin) => revokeInvitation(admin.actor, invitationId),
  revalidate: { path: "/admin", type: "layout" },
});

export const changePlatformRolesAction = defineAction({
  role: "admin",
  permission: "users.manage",
  input: platformRolesSchema,
  run: async ({ userId, roles }, admin) => {
    await changeUserRoles(admin.actor, userId, roles);
  },
  revalidate: USERS,
});

export const deactivatePlatformUserAction = defineAction({
  role: "admin",
  permission: "users.manage",
  input: userIdSchema,
  run: ({ userId }, admin) => deactivateUser(admin.actor, userId),
  revalidate: USERS,
});

export const reactivatePlatformUserAction = defineAction({
  role: "admin",
  permission: "users.manage",
  input: userIdSchema,
  run: ({ userId }, admin) => reactivateUser(admin.actor, userId),
  revalidate: USERS,
});
