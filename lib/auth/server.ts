/**
 * Sign-in for the two portals (better-auth, email and password). Sessions live in the database and
 * travel in an httpOnly, SameSite=Lax cookie; passwords are hashed by the library (scrypt). Accounts
 * are created by operators and administrators (lib/domain/users.ts), never by public sign-up.
 */
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { authSecret, databaseKind, portalHosts, secureCookies, signInAttemptsPerMinute } from "../config";
import { db } from "../db";

export const USER_ROLES = ["provider", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

function createAuth() {
  return betterAuth({
    appName: "Delivery Channel Portal",
    secret: authSecret(),
    // A fixed public URL in production; otherwise the request's host, if it is one we serve. Requests
    // that change state must come from that origin (better-auth's CSRF check).
    baseURL: process.env.BETTER_AUTH_URL || { allowedHosts: portalHosts(), protocol: "auto" },
    database: prismaAdapter(db(), { provider: databaseKind() === "sqlite" ? "sqlite" : "postgresql" }),
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 10 },
    session: { expiresIn: 60 * 60 * 12, updateAge: 60 * 60 },
    user: {
      additionalFields: {
        role: { type: "string", input: false, defaultValue: "provider" },
        providerId: { type: "string", input: false, required: false },
      },
    },
    rateLimit: {
      enabled: true,
      window: 60,
      max: 300,
      customRules: { "/sign-in/email": { window: 60, max: signInAttemptsPerMinute() } },
    },
    // Secure cookies need https; the embedded setup serves plain http on localhost.
    advanced: { useSecureCookies: secureCookies() },
    plugins: [nextCookies()],
  });
}

type Auth = ReturnType<typeof createAuth>;
const globalForAuth = globalThis as unknown as { portalAuth?: Auth };

/** One instance per process, created on first use so that importing never touches the database. */
export function auth(): Auth {
  globalForAuth.portalAuth ??= createAuth();
  return globalForAuth.portalAuth;
}
