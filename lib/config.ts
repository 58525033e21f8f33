/**
 * Every setting of the product, read from the environment once, with defaults that make a fresh
 * clone run embedded (SQLite under data/). The README lists the same variables.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";

export type DatabaseKind = "sqlite" | "postgres";

export const DEFAULT_DATABASE_URL = "file:./data/portal.db";

export function databaseUrl(): string {
  return process.env.DATABASE_URL?.trim() || DEFAULT_DATABASE_URL;
}

/** Which of the two Prisma schemas a URL belongs to; anything else is a configuration error. */
export function databaseKind(url = databaseUrl()): DatabaseKind {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgres";
  throw new Error(`DATABASE_URL must start with file: or postgres(ql)://, got "${url.split(":")[0]}:…"`);
}

/** For SQLite, the folder of the database file must exist before libsql opens it. */
export function ensureSqliteFolder(url = databaseUrl()): void {
  if (databaseKind(url) !== "sqlite") return;
  const file = url.slice("file:".length).split("?")[0];
  if (file && file !== ":memory:") mkdirSync(path.dirname(path.resolve(file)), { recursive: true });
}

export const SECRET_KEY_FILE = "data/secret.key";

/**
 * The 32-byte key that seals webhook secrets (AES-256-GCM). Production sets SECRET_ENCRYPTION_KEY
 * (base64 or hex of 32 bytes); the embedded default generates one into a git-ignored file so that
 * a restart can still read what it sealed.
 */
export function secretEncryptionKey(): Buffer {
  const configured = process.env.SECRET_ENCRYPTION_KEY?.trim();
  if (configured) return decodeKey(configured, "SECRET_ENCRYPTION_KEY");
  return decodeKey(generatedSecret(SECRET_KEY_FILE), SECRET_KEY_FILE);
}

export const AUTH_SECRET_FILE = "data/auth-secret";

/** Signs the portal's session cookies (better-auth). Production sets BETTER_AUTH_SECRET. */
export function authSecret(): string {
  return process.env.BETTER_AUTH_SECRET?.trim() || generatedSecret(AUTH_SECRET_FILE);
}

/**
 * Host names (with optional port, `*` wildcards) the portal answers sign-in on when BETTER_AUTH_URL
 * is not set: by default this machine under any port, the embedded setup. A state-changing request
 * must still come from the origin it was sent to (lib/auth/guards.ts), not from any listed host.
 */
export function portalHosts(): string[] {
  const configured = process.env.PORTAL_HOSTS?.split(",")
    .map((host) => host.trim())
    .filter(Boolean);
  return configured?.length
    ? configured
    : ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]", "[::1]:*"];
}

/** Session cookies marked Secure: when the public URL is https, or when SECURE_COOKIES=true. */
export function secureCookies(): boolean {
  return process.env.SECURE_COOKIES === "true" || (process.env.BETTER_AUTH_URL ?? "").startsWith("https://");
}

/**
 * Sign-in attempts allowed per minute, counted twice: per client address (better-auth's rate
 * limiter) and per account email (lib/auth/throttle.ts). Both counters live in the database.
 */
export function signInAttemptsPerMinute(): number {
  return Number(process.env.AUTH_SIGN_IN_PER_MINUTE) || 20;
}

/**
 * Reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY): a comma-separated list of
 * addresses or CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8`. Unset, no one is: the client address is
 * the connection's own (server/index.ts), so a client cannot pick the address it is throttled by.
 */
export function trustedProxies(): string[] {
  return (process.env.TRUST_PROXY ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
}

/** A secret for the embedded default: 32 random bytes generated once into a git-ignored file. */
function generatedSecret(file: string): string {
  if (!existsSync(file)) {
    mkdirSync(path.dirname(file), { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
    } catch (error) {
      // Another process generated it first: use theirs.
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    }
  }
  return readFileSync(file, "utf8").trim();
}

function decodeKey(text: string, source: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32) throw new Error(`${source} must hold 32 bytes (base64 or hex)`);
  return key;
}

/**
 * Languages approved names and short descriptions are translated into (contract language codes).
 * The default covers the platform's main working languages.
 */
export function translationLanguages(): string[] {
  const configured = process.env.TRANSLATION_LANGUAGES?.split(",").map((code) => code.trim().toUpperCase());
  const languages = configured?.filter(Boolean);
  return languages?.length ? [...new Set(languages)] : ["EN", "FR", "ES", "AR", "UK", "RU"];
}

/** Webhook delivery settings (lib/webhooks, lib/jobs/webhook-dispatcher). */
export function webhookSettings() {
  return {
    /** Callbacks to private, loopback and link-local addresses: only for development and tests. */
    allowPrivateAddresses: process.env.WEBHOOK_ALLOW_PRIVATE_URLS === "true",
    timeoutMs: Number(process.env.WEBHOOK_TIMEOUT_MS) || 15_000,
    /** How long a worker owns a claimed event; longer than an attempt can take. */
    leaseMs: Number(process.env.WEBHOOK_LEASE_MS) || 60_000,
    pollMs: Number(process.env.WEBHOOK_POLL_MS) || 500,
    /** Callbacks one worker has under way to one subscription, so a slow receiver delays only itself. */
    perSubscription: Number(process.env.WEBHOOK_CONCURRENCY_PER_SUBSCRIPTION) || 16,
    /** Callbacks one worker has under way in all. */
    maxInFlight: Number(process.env.WEBHOOK_CONCURRENCY) || 256,
  };
}

/** Whether npm start runs the background workers itself (the embedded default) or leaves them to npm run worker. */
export function workersInProcess(): boolean {
  return process.env.WORKERS_IN_PROCESS !== "false";
}

export function port(): number {
  return Number(process.env.PORT) || 3000;
}

export function logLevel(): string {
  return process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "warn" : "info");
}

/** Largest request body the API reads; larger bodies get 413 in the contract's envelope. */
export const MAX_BODY_BYTES = 1024 * 1024;
