/**
 * Checks better-auth does not make on its own, as a plugin of ours (lib/auth/server.ts):
 * - same origin: with a dynamic base URL, better-auth trusts every host pattern in PORTAL_HOSTS as
 *   an origin, so `127.0.0.1:*` let a page on any other local port post a sign-in (login CSRF).
 *   A state-changing request that names an Origin must name the host it was sent to.
 * - per-account throttling of email sign-in (lib/auth/throttle.ts).
 * - no session for a deactivated account (lib/domain/users/admin.ts), whatever the way of signing in:
 *   checked when the session is created, so after the password (no hint to someone without it).
 */
import type { BetterAuthPlugin, GenericEndpointContext } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { DEACTIVATED_CODE } from "../contract/forms/user-forms";
import { say } from "../contract/validation-messages";
import { accountKey, consumeAttempt, type Rule } from "./throttle";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const SIGN_IN_PATH = "/sign-in/email";

/**
 * True when the request carries an Origin other than the host it was sent to. A missing or "null"
 * Origin is left to better-auth's own check, which refuses those where a cookie is involved.
 */
function isCrossOrigin(request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return false;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return false;
  const host = request.headers.get("host")?.toLowerCase();
  try {
    return new URL(origin).host !== host;
  } catch {
    return true;
  }
}

/** Refuses to create a session for a deactivated account. */
async function refuseDeactivated(session: { userId: string }, context: GenericEndpointContext | null) {
  const user = await context?.context.internalAdapter.findUserById(session.userId);
  if (user && (user as { deactivatedAt?: Date | null }).deactivatedAt) {
    throw new APIError("FORBIDDEN", {
      code: DEACTIVATED_CODE,
      message: say("accountDeactivated"),
    });
  }
}

/**
 * better-auth's own account endpoints that change a user outside the product's operations: a name,
 * an email, a password or the account itself would change with no audit entry and no permission
 * check. The portals offer none of them; users are changed through lib/domain/users/admin.ts.
 */
const NOT_OFFERED = ["/update-user", "/change-email", "/change-password", "/set-password", "/delete-user"];

export function portalGuards(options: { sameOrigin: boolean; signInPerAccount: Rule }): BetterAuthPlugin {
  return {
    id: "portal-guards",
    init: () => ({ options: { databaseHooks: { session: { create: { before: refuseDeactivated } } } } }),
    async onRequest(request) {
      if (NOT_OFFERED.some((path) => new URL(request.url).pathname.endsWith(path))) {
        return { response: Response.json({ code: "NOT_FOUND", message: "Not found" }, { status: 404 }) };
      }
      if (!options.sameOrigin || !isCrossOrigin(request)) return;
      return {
        response: Response.json({ code: "INVALID_ORIGIN", message: "Invalid origin" }, { status: 403 }),
      };
    },
    hooks: {
      before: [
        {
          matcher: (context) => context.path === SIGN_IN_PATH,
          handler: createAuthMiddleware(async (context) => {
            const email: unknown = context.body?.email;
            // A malformed body is better-auth's to refuse (400), not ours to count.
            if (typeof email !== "string") return;
            const verdict = await consumeAttempt(accountKey(email, SIGN_IN_PATH), options.signInPerAccount);
            if (verdict.allowed) return;
            throw new APIError(
              "TOO_MANY_REQUESTS",
              {
                code: "TOO_MANY_REQUESTS",
                message: "Too many sign-in attempts for this account. Please try again later.",
              },
              { "X-Retry-After": String(verdict.retryAfterSeconds) },
            );
          }),
        },
      ],
    },
  };
}
