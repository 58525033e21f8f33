/**
 * Who is signed in, for pages and server actions. Every portal page and action calls one of the
 * `require…` guards itself: layouts alone do not protect a page, and an action is a public endpoint.
 */
import "server-only";
import { headers } from "next/headers";
import { notFound, redirect } from "next/navigation";
import { cache } from "react";
import type { PortalMode } from "../contract/forms/portal-mode";
import { sandboxOf } from "../domain/sandbox";
import type { UserRole } from "../domain/users";
import { readPortalMode } from "./portal-mode";
import { auth } from "./server";

export interface PortalUser {
  id: string;
  name: string;
  email: string;
  role: UserRole;
  /** The provider organisation the user acts for; null for an administrator outside any. */
  providerId: string | null;
}

/** The signed-in user, or null; read once per request however many components ask. */
export const currentUser = cache(async (): Promise<PortalUser | null> => {
  const session = await auth().api.getSession({ headers: await headers() });
  if (!session) return null;
  const { id, name, email, role, providerId } = session.user;
  return { id, name, email, role: role === "admin" ? "admin" : "provider", providerId: providerId ?? null };
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
  if (!user.providerId) redirect(homeOf(user));
  const mode = await readPortalMode();
  const providerId = mode === "test" ? await sandboxOf(user.providerId) : user.providerId;
  return { ...user, providerId, liveProviderId: user.providerId, mode };
});

/** A platform administrator. Others get a 404, so that the console's existence is not advertised. */
export async function requireAdmin(): Promise<PortalUser> {
  const user = await currentUser();
  if (!user) redirect("/sign-in");
  if (user.role !== "admin") notFound();
  return user;
}

export function homeOf(user: PortalUser): string {
  return user.role === "admin" && !user.providerId ? "/admin" : "/channels";
}
