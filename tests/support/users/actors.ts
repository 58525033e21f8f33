/**
 * Actors for tests that call the domain directly: the people and keys the permission table knows
 * (lib/domain/permissions.ts), built as lib/auth/session.ts and lib/api/endpoint.ts build them.
 */
import {
  LEGACY_ADMIN_ROLES,
  type PlatformRole,
  type ProviderRole,
  type UserRole,
} from "@/lib/contract/roles";
import type { Actor, KeyRole } from "@/lib/domain/permissions";

/** A member of the provider organisation (an owner unless said), or one of its keys by scope. */
export function providerActor(providerId: string, role: ProviderRole | KeyRole = "owner"): Actor {
  const key = role.startsWith("key:");
  const id = `test-${role.replace(":", "-")}`;
  return { kind: key ? "apiKey" : "user", id, personId: key ? null : id, holds: [role], providerId };
}

/** A platform user: by default an administrator as before roles existed (also reviewer, program manager). */
export function platformActor(
  roles: readonly PlatformRole[] = LEGACY_ADMIN_ROLES as PlatformRole[],
  options: { id?: string; memberOf?: string | null } = {},
): Actor {
  const id = options.id ?? "test-admin";
  return {
    kind: "user",
    id,
    personId: id,
    holds: roles,
    providerId: null,
    memberOf: options.memberOf ?? null,
  };
}

export const ADMIN = platformActor();

/** A reviewer with this user id (decidedBy), possibly a member of a provider organisation. */
export const reviewerActor = (id: string, memberOf: string | null = null) =>
  platformActor(["reviewer"], { id, memberOf });

/** Whose events a delivery-log call works: a provider's owner, or (null) the platform's administrator. */
export const eventActor = (providerId: string | null) => (providerId ? providerActor(providerId) : ADMIN);

/** A signed-in platform user holding `roles`; `id` is the person (the four-eyes rule compares it). */
export const userActor = (roles: UserRole[], id = `user-${roles.join("-")}`): Actor => ({
  kind: "user",
  id,
  personId: id,
  holds: roles,
  providerId: null,
});

export const MANAGER = userActor(["program_manager"], "manager");

/** A provider's full API key, as DeliveryRequest/Sync and Delivery/Sync see it. */
export const providerKey = (providerId: string, id = `key-${providerId}`): Actor => ({
  kind: "apiKey",
  id,
  personId: null,
  holds: ["key:full"],
  providerId,
});
