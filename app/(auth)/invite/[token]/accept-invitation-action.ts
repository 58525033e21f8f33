"use server";
/** Accepting an invitation: public, authorized by the one-time token in the input alone. */
import { acceptInvitationSchema } from "@/lib/contract/forms/user-forms";
import { acceptInvitation } from "@/lib/domain/users";
import { definePublicAction } from "@/lib/portal/define-public-action";

export const acceptInvitationAction = definePublicAction({
  input: acceptInvitationSchema,
  run: ({ token, name, password }) => acceptInvitation(token, { name, password }),
});
