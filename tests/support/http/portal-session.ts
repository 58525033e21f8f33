/**
 * Portal pages over HTTP as a signed-in user: a user made with lib/domain/users (as the operators'
 * tool makes them), signed in through better-auth's own endpoint, its session cookie sent with
 * every page request.
 */

import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { createUser } from "@/lib/domain/users";
import { LEGACY_ADMIN_ROLES, type UserRole } from "../../../lib/contract/roles";

export interface PortalSession {
  /** The session cookie, for requests of one's own (server actions). */
  cookie: string;
  /** The signed-in user's id (the actor of their audit entries). */
  userId: string;
  /** `body` is what the page shows (shownMarkup); `html` all of it, scripts included. */
  /** A page, waited for up to `timeoutMs` (25 s unless a test's data makes its pages slower). */
  get(path: string, timeoutMs?: number): Promise<{ status: number; body: string; html: string }>;
}

/** "admin": the roles an administrator had before roles existed; "provider": an organisation's owner. */
export async function signedIn(
  role: "admin" | "provider" | UserRole[],
  providerId?: string,
  baseUrl = inject("baseUrl"),
): Promise<PortalSession> {
  const roles =
    role === "admin" ? LEGACY_ADMIN_ROLES : role === "provider" ? (["owner"] as UserRole[]) : role;
  const name = typeof role === "string" ? role : role.join("-");
  const email = `${name.replaceAll("_", "-")}-${randomUUID().slice(0, 8)}@pages.example`;
  const password = `pw-${randomUUID()}`;
  const user = await createUser({ email, name, password, roles, providerId: providerId ?? null });
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200)
    throw new Error(`sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(";")[0])
    .join("; ");
  return {
    cookie,
    userId: user.id,
    async get(path, timeoutMs = 25_000) {
      // A bounded wait: a page that never answers fails the test instead of hanging it.
      const page = await fetch(`${baseUrl}${path}`, {
        headers: { cookie },
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
      const html = await page.text();
      return { status: page.status, body: shownMarkup(html), html };
    },
  };
}

/**
 * A page's HTML without its scripts: what the page shows. The scripts carry the language's whole
 * message catalog for the client components (next-intl), texts of controls the page does not show
 * among them, so "the page does not offer X" is asked of the markup.
 */
export const shownMarkup = (html: string) => html.replace(/<script\b[\s\S]*?<\/script>/gi, "");
