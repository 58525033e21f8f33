/**
 * The user-management forms: inviting (console and team page), accepting an invitation, changing
 * roles, deactivating and reactivating. The actions parse with the same schemas.
 */

import { z } from "zod";
import { recordId } from "../ids";
import { platformRoleSchema, providerRoleSchema } from "../roles";
import { say } from "../validation-messages";

/** better-auth's error code when a deactivated account tries to sign in (lib/auth/guards.ts). */
export const DEACTIVATED_CODE = "ACCOUNT_DEACTIVATED";

/** An email address as every form takes one. */
export const emailAddress = z
  .string()
  .trim()
  .max(254, say("atMostCharacters", { max: 254 }))
  .pipe(z.email(say("enterValidEmailAddress")));
const name = z
  .string()
  .trim()
  .max(200, say("atMostCharacters", { max: 200 }));
const rolesOf = <S extends z.ZodType>(role: S) =>
  z.array(role, say("chooseAtLeastOneRole")).min(1, say("chooseAtLeastOneRole")).max(8, say("tooManyRoles"));

export const invitePlatformUserSchema = z.object({
  email: emailAddress,
  name,
  roles: rolesOf(platformRoleSchema),
});
export const inviteTeamMemberSchema = z.object({
  email: emailAddress,
  name,
  roles: rolesOf(providerRoleSchema),
});
/** The console's provider page: an administrator invites the organisation's owner. */
export const inviteOwnerSchema = z.object({ providerId: recordId, email: emailAddress, name });

export const platformRolesSchema = z.object({ userId: recordId, roles: rolesOf(platformRoleSchema) });
export const teamRolesSchema = z.object({ userId: recordId, roles: rolesOf(providerRoleSchema) });
export const userIdSchema = z.object({ userId: recordId });
export const invitationIdSchema = z.object({ invitationId: recordId });

/** Every account's password (createUser, an invitation, better-auth's own check). */
export const MIN_PASSWORD_LENGTH = 10;

export const acceptInvitationSchema = z
  .object({
    token: z.string().min(1, say("isRequired")).max(200, say("isNotValidInvitation")),
    name: z
      .string()
      .trim()
      .min(1, say("enterYourName"))
      .max(200, say("atMostCharacters", { max: 200 })),
    password: z
      .string(say("choosePassword"))
      .min(MIN_PASSWORD_LENGTH, say("atLeastCharacters", { min: MIN_PASSWORD_LENGTH }))
      .max(200, say("atMostCharacters", { max: 200 })),
    confirmPassword: z.string(say("repeatPassword")),
  })
  .refine((input) => input.password === input.confirmPassword, {
    path: ["confirmPassword"],
    message: say("twoPasswordsDiffer"),
  });
