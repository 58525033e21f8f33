/**
 * Whether a request's Host is one the portal serves: BETTER_AUTH_URL's host when it is set, else
 * one of PORTAL_HOSTS (`*` matches any run of characters but a dot, e.g. `localhost:*`). The
 * production server answers any other host 421 before Next and better-auth see the request (they
 * would fail on it with a 500), naming the settings an operator has to set.
 */
import { portalHosts, publicUrl } from "../config";

function patternToRegex(pattern: string): RegExp {
  const escaped = pattern
    .toLowerCase()
    .replace(/[.+?^${}()|[\]\\]/g, "\\$&")
    .replace(/\*/g, "[^.]*");
  return new RegExp(`^${escaped}$`);
}

let allowed: RegExp[] | undefined;

export function isPortalHost(host: string | undefined): boolean {
  if (!host) return false;
  const fixedUrl = publicUrl();
  if (fixedUrl) return new URL(fixedUrl).host.toLowerCase() === host.toLowerCase();
  allowed ??= portalHosts().map(patternToRegex);
  return allowed.some((pattern) => pattern.test(host.toLowerCase()));
}
