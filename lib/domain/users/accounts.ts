/**
 * Portal accounts. Public sign-up is off: operators (scripts), the demo seed and administrators
 * create users here. The password hash is better-auth's own (scrypt), stored the way its
 * credential sign-in reads it: an Account row with providerId "credential".
 */
import { randomBytes, randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { MIN_PASSWORD_LENGTH } from "../../contract/forms/user-forms";
import { isProviderRole, serializeRoles, type UserRole } from "../../contract/roles";
import { say } from "../../contract/validation-messages";
import { db, isUniqueViolation } from "../../db";
import { conflict, invalid } from "../errors";

export interface NewUser {
  email: string;
  name: string;
  password: string;
  roles: UserRole[];
  /** Required with a provider role; a platform user may also belong to a provider organisation. */
  providerId?: string | null;
}

export async function createUser(input: NewUser) {
  const email = normalEmail(input.email);
  if (input.roles.length === 0) throw invalid("roles", say("chooseAtLeastOneRoleLowercase"));
  if (input.roles.some(isProviderRole) && !input.providerId) {
    throw invalid("providerId", say("providerUserNeedsOrganisation"));
  }
  if (input.providerId && (await isSandbox(input.providerId))) {
    // A sandbox is reached through its organisation's test mode, never as an organisation of its own.
    throw invalid("providerId", say("isSandboxNotProviderOrganisation"));
  }
  const data = await newUserData({ ...input, email });
  try {
    return await db().user.create({ data, select: USER_FIELDS });
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict(say("userEmailTaken", { email }));
    throw error;
  }
}

export const USER_FIELDS = { id: true, email: true, name: true, roles: true, providerId: true } as const;

export const normalEmail = (email: string) => email.trim().toLowerCase();

export function assertPasswordLength(password: string, field = "password"): void {
  if (password.length < MIN_PASSWORD_LENGTH) {
    throw invalid(field, say("mustBeAtLeastCharacters", { min: MIN_PASSWORD_LENGTH }));
  }
}

/**
 * The rows of a new account (the user and its credential), for `user.create` here or inside an
 * invitation's acceptance: the password hashed by better-auth's own scrypt.
 */
export async function newUserData(input: NewUser) {
  assertPasswordLength(input.password);
  const id = randomUUID();
  const password = await hashPassword(input.password);
  return {
    id,
    email: normalEmail(input.email),
    name: input.name.trim() || normalEmail(input.email),
    roles: serializeRoles(input.roles),
    providerId: input.providerId ?? null,
    accounts: { create: { id: randomUUID(), accountId: id, providerId: "credential", password } },
  };
}

/** Sets a new password and ends the user's sessions (used by the demo seed to print fresh credentials). */
export async function resetPassword(email: string, newPassword: string): Promise<boolean> {
  const user = await db().user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
  if (!user) return false;
  const password = await hashPassword(newPassword);
  await db().$transaction([
    db().account.updateMany({ where: { userId: user.id, providerId: "credential" }, data: { password } }),
    db().session.deleteMany({ where: { userId: user.id } }),
  ]);
  return true;
}

/** A password people can type: 16 base64url characters (96 bits). */
export function generatePassword(): string {
  return randomBytes(12).toString("base64url");
}

async function isSandbox(providerId: string): Promise<boolean> {
  const provider = await db().provider.findUnique({
    where: { id: providerId },
    select: { sandboxOfId: true },
  });
  return Boolean(provider?.sandboxOfId);
}
