/**
 * The users module's public face: `@/lib/domain/users`, portal accounts and how people get one.
 * Above audit and mail, which it uses.
 *
 * - accounts.ts: creating an account (no public sign-up), passwords
 * - managed-users.ts: whose users an actor manages, and the rule that nobody removes the last manager
 * - admin.ts: the users of a scope, changing their roles, deactivating and reactivating them
 * - invitations.ts: inviting, revoking, accepting an invitation
 * - invitation-delivery.ts: how an invitation reaches its invitee (mail, or a link to pass on)
 */

export { createUser, generatePassword, type NewUser, resetPassword } from "./accounts";
export {
  changeUserRoles,
  deactivateUser,
  managedUsers,
  organisationUsers,
  platformUsers,
  reactivateUser,
} from "./admin";
export {
  acceptInvitation,
  INVITATION_DAYS,
  type InvitationInput,
  type InvitationState,
  invitationForToken,
  inviteUser,
  openInvitations,
  revokeInvitation,
  type SentInvitation,
} from "./invitations";
