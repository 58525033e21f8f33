/**
 * Checks better-auth does not make on its own, as a plugin of ours (lib/auth/server.ts):
 * - per-account throttling of email sign-in (lib/auth/throttle.ts).
 */
import type { BetterAuthPlugin } from "better-auth";
import { APIError, createAuthMiddleware } from "better-auth/api";
import { accountKey, consumeAttempt, type Rule } from "./throttle";

const SIGN_IN_PATH = "/sign-in/email";

export function portalGuards(options: { signInPerAccount: Rule }): BetterAuthPlugin {
  return {
    id: "portal-guards",
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
