/**
 * Whose users an actor manages, and the rule that nobody removes the last manager: the platform's
 * users (administrators, `users.manage`) or one provider organisation's (its owners,
 * `provider.users.manage`, in their own organisation only). Every operation of invitations.ts and
 * admin.ts starts here.
 */
import { databaseKind } from "../../config";
import { isPlatformRole, isProviderRole, parseRoles, type UserRole } from "../../contract/roles";
import { say } from "../../contract/validation-messages";
import { db, type Tx, takeWriteLock } from "../../db";
import { forbidden, invalid } from "../errors";
import { type Actor, authorize, authorizeProvider } from "../permissions";

/** The platform's users (the console's roles) or one live provider organisation's. */
export type UserScope = { kind: "platform" } | { kind: "provider"; providerId: string };

export const TEST_MODE_REFUSAL = say("usersBelongToLiveOrganisation");

/**
 * The scope an actor manages, authorized: a provider actor (an owner) manages their organisation,
 * anyone else the platform (administrators). A sandbox is refused: it has no users of its own.
 */
export async function managedScope(actor: Actor): Promise<UserScope> {
  if (!actor.providerId) {
    authorize(actor, "users.manage");
    return { kind: "platform" };
  }
  const providerId = authorizeProvider(actor, "provider.users.manage");
  await assertLiveOrganisation(providerId);
  return { kind: "provider", providerId };
}

export async function assertLiveOrganisation(providerId: string): Promise<void> {
  const provider = await db().provider.findUnique({
    where: { id: providerId },
    select: { sandboxOfId: true },
  });
  if (!provider) throw invalid("providerId", say("isNotProviderOrganisation"));
  if (provider.sandboxOfId) throw forbidden(TEST_MODE_REFUSAL);
}

/** The roles a scope grants: platform roles in the console, provider roles in an organisation. */
export function assertScopeRoles(scope: UserScope, roles: readonly UserRole[]): void {
  if (roles.length === 0) throw invalid("roles", say("chooseAtLeastOneRoleLowercase"));
  const fits = scope.kind === "platform" ? isPlatformRole : isProviderRole;
  const stranger = roles.find((role) => !fits(role));
  if (stranger) {
    throw invalid(
      "roles",
      say(scope.kind === "platform" ? "roleIsProviderRoleNotPlatformRole" : "roleIsNotProviderRole", {
        role: stranger,
      }),
    );
  }
}

/** A user is in a scope when they hold one of its roles (platform) or belong to the organisation. */
export function inScope(scope: UserScope, user: { roles: string; providerId: string | null }): boolean {
  if (scope.kind === "platform") return parseRoles(user.roles).some(isPlatformRole);
  return user.providerId === scope.providerId;
}

/** A user's roles with the scope's part replaced: an owner never touches a user's platform roles. */
export function replaceScopeRoles(scope: UserScope, stored: string, roles: readonly UserRole[]): UserRole[] {
  const ofScope = scope.kind === "platform" ? isPlatformRole : isProviderRole;
  return [...parseRoles(stored).filter((role) => !ofScope(role)), ...roles];
}

/**
 * Serializes every change of who holds which role inside the caller's transaction, so that the
 * last-manager check below reads what the previous change committed: SQLite takes its write lock,
 * PostgreSQL one transaction-scoped advisory lock (two administrators demoting each other at once
 * must leave one). User administration is rare: one lock for all of it keeps it deadlock-free.
 */
export async function lockUserAdministration(tx: Tx): Promise<void> {
  await takeWriteLock(tx);
  if (databaseKind() === "postgres") {
    await tx.$executeRawUnsafe("SELECT pg_advisory_xact_lock(hashtext('dcp:user-administration'))");
  }
}

/** What a change leaves of a user: their roles afterwards, or none when they are deactivated. */
export interface UserAfter {
  id: string;
  providerId: string | null;
  roles: readonly UserRole[];
  active: boolean;
}

/**
 * Refuses a change that would leave the platform without an active administrator or the user's
 * organisation without an active owner. Call it after lockUserAdministration, before writing.
 */
export async function assertManagersRemain(tx: Tx, before: { roles: string }, after: UserAfter) {
  const held = parseRoles(before.roles);
  const keeps = (role: UserRole) => after.active && after.roles.includes(role);
  if (held.includes("administrator") && !keeps("administrator")) {
    if ((await otherActiveHolders(tx, "administrator", after.id, null)) === 0) {
      throw forbidden(say("platformNeedsActiveAdministrator"));
    }
  }
  if (after.providerId && held.includes("owner") && !keeps("owner")) {
    if ((await otherActiveHolders(tx, "owner", after.id, after.providerId)) === 0) {
      throw forbidden(say("organisationNeedsActiveOwner"));
    }
  }
}

async function otherActiveHolders(tx: Tx, role: UserRole, exceptId: string, providerId: string | null) {
  const candidates = await tx.user.findMany({
    where: {
      id: { not: exceptId },
      deactivatedAt: null,
      roles: { contains: role },
      ...(providerId ? { providerId } : {}),
    },
    select: { roles: true },
  });
  return candidates.filter((candidate) => parseRoles(candidate.roles).includes(role)).length;
}
