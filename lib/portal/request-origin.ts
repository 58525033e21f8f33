/**
 * The origin the portal was reached at, for links the server hands out (an invitation's). The
 * production server answers only hosts the portal serves (lib/auth/portal-host.ts), so the Host
 * header is one of ours; BETTER_AUTH_URL, when set, wins over it (lib/domain/users/invitation-delivery.ts).
 */
import "server-only";
import { headers } from "next/headers";

export async function requestOrigin(): Promise<string> {
  const all = await headers();
  const host = all.get("host") ?? "localhost";
  const protocol = all.get("x-forwarded-proto")?.split(",")[0]?.trim() === "https" ? "https" : "http";
  return `${protocol}://${host}`;
}
