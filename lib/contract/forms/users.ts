/**
 * The user-management forms: inviting (console and team page), accepting an invitation, changing
 * roles, deactivating and reactivating. The actions parse with the same schemas.
 */
import { z } from "zod";
import { recordId } from "../ids";
import { platformRoleSchema, providerRoleSchema } from "../roles";

/** better-auth's error code when a deactivated account tries to sign in (lib/auth/guards.ts). */
export const DEACTIVATED_CODE = "ACCOUNT_DEACTIVATED";

/** An email address as every form takes one. */
export const emailAddress = z
  .string()
  .trim()
  .max(254, "at most 254 characters")
  .pipe(z.email("Enter a valid email address"));
const name = z.string().trim().max(200, "at most 200 characters");
const rolesOf = <S extends z.ZodType>(role: S) =>
  z.array(role, "Choose at least one role").min(1, "Choose at least one role").max(8, "too many roles");

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
    token: z.string().min(1, "is required").max(200, "is not a valid invitation"),
    name: z.string().trim().min(1, "Enter your name").max(200, "at most 200 characters"),
    password: z
      .string("Choose a password")
      .min(MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters`)
      .max(200, "at most 200 characters"),
    confirmPassword: z.string("Repeat the password"),
  })
  .refine((input) => input.password === input.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords differ",
  });
