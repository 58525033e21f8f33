/**
 * Sign-in for the two portals (better-auth, email and password). Sessions live in the database and
 * travel in an httpOnly, SameSite=Lax cookie; passwords are hashed by the library (scrypt). Accounts
 * are created by operators and administrators (lib/domain/users/accounts.ts), never by public sign-up.
 */
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { nextCookies } from "better-auth/next-js";
import { mailPasswordReset, RESET_LINK_MINUTES } from "@/lib/domain/notifications";
import {
  authSecret,
  databaseKind,
  portalHosts,
  publicUrl,
  secureCookies,
  signInAttemptsPerMinute,
} from "../config";
import { MIN_PASSWORD_LENGTH } from "../contract/forms/user-forms";
import { db } from "../db";
import { portalGuards } from "./guards";

const SIGN_IN_PATH = "/sign-in/email";
const RESET_REQUEST_PATH = "/request-password-reset";

function createAuth() {
  const fixedUrl = publicUrl();
  const signInRule = { window: 60, max: signInAttemptsPerMinute() };
  return betterAuth({
    appName: "Delivery Channel Portal",
    secret: authSecret(),
    // A fixed public URL in production; otherwise the request's host, if it is one we serve. Requests
    // that change state must come from that origin (better-auth's CSRF check, and ours in
    // lib/auth/guards.ts: better-auth alone would accept any host PORTAL_HOSTS matches).
    baseURL: fixedUrl || { allowedHosts: portalHosts(), protocol: "auto" },
    database: prismaAdapter(db(), { provider: databaseKind() === "sqlite" ? "sqlite" : "postgresql" }),
    emailAndPassword: {
      enabled: true,
      disableSignUp: true,
      minPasswordLength: MIN_PASSWORD_LENGTH,
      // The link goes by mail, sealed until sent (docs/mail.md "Notifications by email"); without SMTP_URL
      // nothing is sent and /forgot-password says to ask an administrator.
      sendResetPassword: ({ user, url }) => mailPasswordReset(user, url),
      resetPasswordTokenExpiresIn: RESET_LINK_MINUTES * 60,
      revokeSessionsOnPasswordReset: true,
    },
    session: { expiresIn: 60 * 60 * 12, updateAge: 60 * 60 },
    user: {
      additionalFields: {
        roles: { type: "string", input: false, defaultValue: "viewer" },
        providerId: { type: "string", input: false, required: false },
        deactivatedAt: { type: "date", input: false, required: false },
        locale: { type: "string", input: false, required: false },
      },
    },
    // Per client address (X-Forwarded-For, which server/index.ts sets from the connection or a
    // TRUST_PROXY chain). Counters in the database, so that several app instances share them.
    rateLimit: {
      enabled: true,
      storage: "database",
      window: 60,
      max: 300,
      customRules: { [SIGN_IN_PATH]: signInRule, [RESET_REQUEST_PATH]: signInRule },
    },
    // Secure cookies need https; the embedded setup serves plain http on localhost.
    advanced: { useSecureCookies: secureCookies() },
    // nextCookies must stay last: it sets the cookies of the response the others shaped.
    plugins: [portalGuards({ sameOrigin: !fixedUrl, signInPerAccount: signInRule }), nextCookies()],
  });
}

type Auth = ReturnType<typeof createAuth>;
const globalForAuth = globalThis as unknown as { portalAuth?: Auth };

/** One instance per process, created on first use so that importing never touches the database. */
export function auth(): Auth {
  globalForAuth.portalAuth ??= createAuth();
  return globalForAuth.portalAuth;
}
