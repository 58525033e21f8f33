/**
 * Which data the provider portal shows: live, or the provider's sandbox (test mode). Kept in an
 * httpOnly cookie per browser; what it may select is decided on the server (lib/auth/session.ts):
 * only the signed-in user's own organisation's sandbox.
 */
import "server-only";
import { cookies } from "next/headers";
import { secureCookies } from "../config";
import type { PortalMode } from "../contract/forms/portal-mode-form";

const COOKIE = "portal_mode";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export async function readPortalMode(): Promise<PortalMode> {
  return (await cookies()).get(COOKIE)?.value === "test" ? "test" : "live";
}

/** Only from a server action (Next sets cookies there and in route handlers). */
export async function writePortalMode(mode: PortalMode): Promise<void> {
  (await cookies()).set(COOKIE, mode, {
    httpOnly: true,
    sameSite: "lax",
    secure: secureCookies(),
    path: "/",
    maxAge: ONE_YEAR_SECONDS,
  });
}
