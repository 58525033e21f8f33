/**
 * Who is signed in, for pages and server actions. Every portal page and action calls one of the
 * `require…` guards itself: layouts alone do not protect a page, and an action is a public endpoint.
 */
import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { PortalMode } from "../contract/forms/portal-mode-form";
import { isPlatformRole, isProviderRole, parseRoles, type UserRole } from "../contract/roles";
import type { Actor } from "../domain/permissions";
import { sandboxOf } from "../domain/sandbox";
import { isLocale, type Locale } from "../i18n/locales";
import { readPortalMode } from "./portal-mode";
import { auth } from "./server";

export interface PortalUser {
  id: string;
  name: string;
  email: string;
  roles: UserRole[];
  /** The provider organisation the user belongs to; null for a platform user outside any. */
  providerId: string | null;
  /** The language the user chose for the portal and their mail; null: the browser's. */
  locale: Locale | null;
  /** The user as the domain's permission checks see them (lib/domain/permissions.ts). */
  actor: Actor;
}

export const isPlatformUser = (user: { roles: readonly UserRole[] }) => user.roles.some(isPlatformRole);

/** A user acting for a provider organisation holds only their provider roles there, and vice versa. */
function userActor(
  id: string,
  roles: UserRole[],
  providerId: string | null,
  memberOf: string | null = null,
): Actor {
  return { kind: "user", id, personId: id, holds: roles, providerId, memberOf };
}

/** The signed-in user, or null; read once per request however many components ask. */
export const currentUser = cache(async (): Promise<PortalUser | null> => {
  const session = await auth().api.getSession({ headers: await headers() });
  // Deactivation deletes the sessions; a row that survived anyway (a race) opens nothing.
  if (!session || session.user.deactivatedAt) return null;
  const { id, name, email, roles: stored, providerId, locale } = session.user;
  const roles = parseRoles(stored);
  const platformRoles = roles.filter(isPlatformRole);
  return {
    id,
    name,
    email,
    roles,
    providerId: providerId ?? null,
    locale: isLocale(locale) ? locale : null,
    actor: userActor(id, platformRoles, null, providerId ?? null),
  };
});

export interface ProviderUser extends PortalUser {
  /** Whose data the portal shows and changes: the organisation's, or in test mode its sandbox's. */
  providerId: string;
  /** The organisation itself, whatever the mode. */
  liveProviderId: string;
  mode: PortalMode;
}

/**
 * A member of a provider organisation; anyone else is sent to sign in or to their own home. In test
 * mode providerId is the organisation's sandbox (created on first use): derived from the user's own
 * organisation only, so no one reaches another organisation's sandbox.
 */
export const requireProviderUser = cache(async (): Promise<ProviderUser> => {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  const providerRoles = user.roles.filter(isProviderRole);
  if (!user.providerId || providerRoles.length === 0) redirect(homeOf(user));
  const mode = await readPortalMode();
  const providerId = mode === "test" ? await sandboxOf(user.providerId) : user.providerId;
  const actor = userActor(user.id, providerRoles, providerId);
  return { ...user, providerId, liveProviderId: user.providerId, mode, actor };
});

/**
 * The user acting on their organisation itself, whatever the portal's mode: its users belong to the
 * live organisation, never to its sandbox (lib/domain/users/admin.ts).
 */
export const organisationActor = (user: ProviderUser): Actor => ({
  ...user.actor,
  providerId: user.liveProviderId,
});

/**
 * A platform user (any platform role; what each may do is checked per action). Others get a 404, so
 * that the console's existence is not advertised.
 */
export async function requirePlatformUser(): Promise<PortalUser> {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  if (!isPlatformUser(user)) notFound();
  return user;
}

export function homeOf(user: PortalUser): string {
  return isPlatformUser(user) && !(user.providerId && user.roles.some(isProviderRole))
    ? "/admin"
    : "/channels";
}
