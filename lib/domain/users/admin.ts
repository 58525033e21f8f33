/**
 * Managing existing accounts: the users of a scope (scope.ts), changing their roles,
 * deactivating and reactivating them. Deactivation ends the user's sessions in the same
 * transaction, and sign-in refuses a deactivated account (lib/auth/guards.ts). No change may leave
 * the platform without an active administrator or an organisation without an active owner.
 */
import {
  isPlatformRole,
  PLATFORM_ROLES,
  parseRoles,
  serializeRoles,
  type UserRole,
} from "../../contract/roles";
import { say } from "../../contract/validation-messages";
import { db, type Tx } from "../../db";
import { recordAudit } from "../audit";
import { conflict, forbidden, notFound } from "../errors";
import { type Actor, authorize, authorizeProvider } from "../permissions";
import {
  assertLiveOrganisation,
  assertManagersRemain,
  assertScopeRoles,
  inScope,
  lockUserAdministration,
  managedScope,
  replaceScopeRoles,
  type UserScope,
} from "./managed-users";

const LISTED = {
  id: true,
  email: true,
  name: true,
  roles: true,
  providerId: true,
  createdAt: true,
  deactivatedAt: true,
} as const;

/** The platform's users (administrators) or the actor's organisation's (owners), by name. */
export async function managedUsers(actor: Actor) {
  return usersOf(await managedScope(actor));
}

/** The platform's users, read-only: administrators, and auditors (who read everything). */
export async function platformUsers(actor: Actor) {
  authorize(actor, "users.read");
  return usersOf({ kind: "platform" });
}

/** An organisation's users as its members see them (read-only for all but owners): live organisation only. */
export async function organisationUsers(actor: Actor) {
  const providerId = authorizeProvider(actor, "provider.read");
  await assertLiveOrganisation(providerId);
  return usersOf({ kind: "provider", providerId });
}

async function usersOf(scope: UserScope) {
  const where =
    scope.kind === "provider" ? { providerId: scope.providerId } : { OR: PLATFORM_ROLES.map(hasWord) };
  const rows = await db().user.findMany({ where, select: LISTED, orderBy: [{ name: "asc" }, { id: "asc" }] });
  return rows.filter((row) => inScope(scope, row)).map((row) => ({ ...row, roles: parseRoles(row.roles) }));
}

const hasWord = (role: string) => ({ roles: { contains: role } });

/** Sets the user's roles of the actor's scope (an owner never touches platform roles, nor the reverse). */
export async function changeUserRoles(actor: Actor, userId: string, roles: UserRole[]) {
  const scope = await managedScope(actor);
  assertScopeRoles(scope, roles);
  return db().$transaction(async (tx) => {
    await lockUserAdministration(tx);
    const user = await targetUser(tx, scope, userId);
    const after = replaceScopeRoles(scope, user.roles, roles);
    const before = parseRoles(user.roles);
    await assertManagersRemain(tx, user, { ...user, roles: after, active: !user.deactivatedAt });
    await tx.user.update({ where: { id: userId }, data: { roles: serializeRoles(after) } });
    await recordAudit(tx, actor, {
      action: "user.roles_changed",
      subjectType: "user",
      subjectId: userId,
      before: { roles: before },
      after: { roles: parseRoles(serializeRoles(after)) },
    });
    return { roles: after };
  });
}

/** Deactivates the account: its sessions end in the same transaction, and it can no longer sign in. */
export async function deactivateUser(actor: Actor, userId: string): Promise<void> {
  const scope = await managedScope(actor);
  await db().$transaction(async (tx) => {
    await lockUserAdministration(tx);
    const user = await targetUser(tx, scope, userId);
    if (user.deactivatedAt) throw conflict(say("userAlreadyDeactivated"));
    assertOwnerReaches(scope, user);
    await assertManagersRemain(tx, user, { ...user, roles: parseRoles(user.roles), active: false });
    const at = new Date();
    await tx.user.update({ where: { id: userId }, data: { deactivatedAt: at } });
    const ended = await tx.session.deleteMany({ where: { userId } });
    await recordAudit(tx, actor, {
      action: "user.deactivated",
      subjectType: "user",
      subjectId: userId,
      detail: { sessionsEnded: ended.count },
      before: { deactivatedAt: null },
      after: { deactivatedAt: at.toISOString() },
    });
  });
}

export async function reactivateUser(actor: Actor, userId: string): Promise<void> {
  const scope = await managedScope(actor);
  await db().$transaction(async (tx) => {
    await lockUserAdministration(tx);
    const user = await targetUser(tx, scope, userId);
    if (!user.deactivatedAt) throw conflict(say("userAlreadyActive"));
    assertOwnerReaches(scope, user);
    await tx.user.update({ where: { id: userId }, data: { deactivatedAt: null } });
    await recordAudit(tx, actor, {
      action: "user.reactivated",
      subjectType: "user",
      subjectId: userId,
      before: { deactivatedAt: user.deactivatedAt.toISOString() },
      after: { deactivatedAt: null },
    });
  });
}

/** The user, read under the lock; one outside the scope is "not found", as if it did not exist. */
async function targetUser(tx: Tx, scope: UserScope, userId: string) {
  const user = await tx.user.findUnique({
    where: { id: userId },
    select: { id: true, roles: true, providerId: true, deactivatedAt: true },
  });
  if (!user || !inScope(scope, user)) throw notFound(say("noSuchUser"));
  return user;
}

/**
 * Deactivation is the whole account's: an owner may not switch off someone who also works the
 * platform's console. Only an administrator can.
 */
function assertOwnerReaches(scope: UserScope, user: { roles: string }): void {
  if (scope.kind === "provider" && parseRoles(user.roles).some(isPlatformRole)) {
    throw forbidden(say("userAlsoWorksConsole"));
  }
}
