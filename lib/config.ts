/**
 * Every setting of the product: the one place that reads the environment, through one zod schema,
 * with defaults that make a fresh clone run embedded (SQLite under data/). `.env.example` lists the
 * same variables. A bad value stops the server at start (server/check-config.ts) with a message that
 * names the variable; settings are read per call so that a test may change the environment.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { isIP } from "node:net";
import path from "node:path";
import { z } from "zod";
import { LANGUAGES } from "./contract/enums";

export type DatabaseKind = "sqlite" | "postgres";

const DEFAULT_DATABASE_URL = "file:./data/portal.db";
const DEFAULT_PORTAL_HOSTS = ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]", "[::1]:*"];
const DEFAULT_TRANSLATION_LANGUAGES = ["EN", "FR", "ES", "AR", "UK", "RU"];
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Values never echoed in an error message: they are secrets or may hold a password. */
const SECRETS = new Set([
  "DATABASE_URL",
  "SECRET_ENCRYPTION_KEY",
  "BETTER_AUTH_SECRET",
  "LIBRETRANSLATE_API_KEY",
  "DEEPL_API_KEY",
]);

const positiveInteger = (fallback: number) =>
  z
    .string()
    .regex(/^[1-9]\d*$/, "must be a positive integer")
    .transform(Number)
    .default(fallback);
const flag = (fallback: boolean) =>
  z
    .enum(["true", "false"], { error: 'must be "true" or "false"' })
    .transform((value) => value === "true")
    .default(fallback);
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s) URL" });
const list = (text: string) =>
  text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);

/** An IP address or CIDR range (TRUST_PROXY's entries), or undefined when it is neither. */
export function addressRange(entry: string): { address: string; bits?: number; family: 4 | 6 } | undefined {
  const [address = "", prefix] = entry.split("/");
  const family = isIP(address);
  if (family !== 4 && family !== 6) return undefined;
  if (prefix === undefined) return { address, family };
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
  return bits >= 0 && bits <= (family === 6 ? 128 : 32) ? { address, bits, family } : undefined;
}

/** The 32 bytes a key text holds (hex or base64), or undefined when it holds any other length. */
function keyBytes(text: string): Buffer | undefined {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  return key.length === 32 ? key : undefined;
}

const schema = z
  .object({
    DATABASE_URL: z
      .string()
      .regex(/^(file:|postgres(ql)?:\/\/)/, "must start with file: or postgres(ql)://")
      .default(DEFAULT_DATABASE_URL),
    DATABASE_POOL_SIZE: positiveInteger(10),
    PORT: positiveInteger(3000),
    SECRET_ENCRYPTION_KEY: z
      .string()
      .refine((text) => keyBytes(text), "must hold 32 bytes (base64 or hex)")
      .optional(),
    BETTER_AUTH_SECRET: z.string().optional(),
    BETTER_AUTH_URL: httpUrl.optional(),
    PORTAL_HOSTS: z.string().transform(list).optional(),
    SECURE_COOKIES: flag(false),
    AUTH_SIGN_IN_PER_MINUTE: positiveInteger(20),
    TRUST_PROXY: z
      .string()
      .transform(list)
      .refine((entries) => entries.every(addressRange), "must list IP addresses or CIDR ranges")
      .default([]),
    TRANSLATION_LANGUAGES: z
      .string()
      .transform((text) => [...new Set(list(text.toUpperCase()))])
      .refine(
        (codes) => codes.every((code) => (LANGUAGES as readonly string[]).includes(code)),
        "must list the contract's language codes (e.g. EN,FR)",
      )
      .optional(),
    TRANSLATOR: z
      .string()
      .transform((text) => text.toLowerCase())
      .pipe(z.enum(["libretranslate", "deepl"], { error: "must be libretranslate or deepl" }))
      .optional(),
    LIBRETRANSLATE_URL: httpUrl.optional(),
    LIBRETRANSLATE_API_KEY: z.string().optional(),
    DEEPL_API_KEY: z.string().optional(),
    WORKERS_IN_PROCESS: flag(true),
    WEBHOOK_ALLOW_PRIVATE_URLS: flag(false),
    WEBHOOK_TIMEOUT_MS: positiveInteger(15_000),
    WEBHOOK_LEASE_MS: positiveInteger(60_000),
    WEBHOOK_POLL_MS: positiveInteger(500),
    WEBHOOK_CONCURRENCY_PER_SUBSCRIPTION: positiveInteger(16),
    WEBHOOK_CONCURRENCY: positiveInteger(256),
    LOG_LEVEL: z.enum(LOG_LEVELS, { error: `must be one of ${LOG_LEVELS.join(", ")}` }).optional(),
    NODE_ENV: z.string().optional(),
  })
  .superRefine((settings, context) => {
    const needs = (name: "LIBRETRANSLATE_URL" | "DEEPL_API_KEY") =>
      settings[name] ||
      context.addIssue({
        code: "custom",
        path: [name],
        message: `must be set when TRANSLATOR=${settings.TRANSLATOR}`,
      });
    if (settings.TRANSLATOR === "libretranslate") needs("LIBRETRANSLATE_URL");
    if (settings.TRANSLATOR === "deepl") needs("DEEPL_API_KEY");
  });

export type Settings = z.output<typeof schema>;
type Name = keyof typeof schema.shape;
/** Every variable the product reads (.env.example lists them; a unit test keeps the two in step). */
export const SETTING_NAMES = Object.keys(schema.shape) as Name[];

/** Thrown for a bad environment; the message lists every problem, one line each. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration (see .env.example):\n${problems.map((line) => `  ${line}`).join("\n")}`);
  }
}

function shown(name: string, value: string | undefined): string {
  if (value === undefined) return "unset";
  if (name === "DATABASE_URL") return `got "${value.split(":")[0]}:…"`;
  return SECRETS.has(name) ? `got ${value.length} characters` : `got "${value}"`;
}

/** The environment's values of our variables, trimmed; blank counts as unset (the default). */
function ourValues(env: Environment): Partial<Record<Name, string>> {
  const values: Partial<Record<Name, string>> = {};
  for (const name of SETTING_NAMES) {
    const value = env[name]?.trim();
    if (value) values[name] = value;
  }
  return values;
}

type Environment = Readonly<Record<string, string | undefined>>;

let cached: { key: string; settings: Settings } | undefined;

/** The validated settings of `env`; parsed again only when one of our variables changed. */
export function settings(env: Environment = process.env): Settings {
  const values = ourValues(env);
  const key = JSON.stringify(values);
  if (cached?.key === key) return cached.settings;
  const result = schema.safeParse(values);
  if (!result.success) {
    throw new ConfigError(
      result.error.issues.map((issue) => {
        const name = String(issue.path[0]);
        return `${name} ${issue.message} (${shown(name, values[name as Name])})`;
      }),
    );
  }
  cached = { key, settings: result.data };
  return result.data;
}

export function databaseUrl(): string {
  return settings().DATABASE_URL;
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

export function databasePoolSize(): number {
  return settings().DATABASE_POOL_SIZE;
}

const SECRET_KEY_FILE = "data/secret.key";

/**
 * The 32-byte key that seals webhook secrets (AES-256-GCM). Production sets SECRET_ENCRYPTION_KEY
 * (base64 or hex of 32 bytes); the embedded default generates one into a git-ignored file so that
 * a restart can still read what it sealed.
 */
export function secretEncryptionKey(): Buffer {
  const text = settings().SECRET_ENCRYPTION_KEY ?? generatedSecret(SECRET_KEY_FILE);
  const key = keyBytes(text);
  if (!key) throw new Error(`${SECRET_KEY_FILE} must hold 32 bytes (base64 or hex)`);
  return key;
}

const AUTH_SECRET_FILE = "data/auth-secret";

/** Signs the portal's session cookies (better-auth). Production sets BETTER_AUTH_SECRET. */
export function authSecret(): string {
  return settings().BETTER_AUTH_SECRET ?? generatedSecret(AUTH_SECRET_FILE);
}

/** The portal's fixed public URL (BETTER_AUTH_URL), or undefined: the request's own origin. */
export function publicUrl(): string | undefined {
  return settings().BETTER_AUTH_URL;
}

/**
 * Host names (with optional port, `*` wildcards) the portal answers sign-in on when BETTER_AUTH_URL
 * is not set: by default this machine under any port, the embedded setup. A state-changing request
 * must still come from the origin it was sent to (lib/auth/guards.ts), not from any listed host.
 */
export function portalHosts(): string[] {
  const configured = settings().PORTAL_HOSTS;
  return configured?.length ? configured : DEFAULT_PORTAL_HOSTS;
}

/** Session cookies marked Secure: when the public URL is https, or when SECURE_COOKIES=true. */
export function secureCookies(): boolean {
  return settings().SECURE_COOKIES || (publicUrl() ?? "").startsWith("https://");
}

/**
 * Sign-in attempts allowed per minute, counted twice: per client address (better-auth's rate
 * limiter) and per account email (lib/auth/throttle.ts). Both counters live in the database.
 */
export function signInAttemptsPerMinute(): number {
  return settings().AUTH_SIGN_IN_PER_MINUTE;
}

/**
 * Reverse proxies whose X-Forwarded-For is believed (TRUST_PROXY): a comma-separated list of
 * addresses or CIDR ranges, e.g. `127.0.0.1,10.0.0.0/8`. Unset, no one is: the client address is
 * the connection's own (server/index.ts), so a client cannot pick the address it is throttled by.
 */
export function trustedProxies(): string[] {
  return settings().TRUST_PROXY;
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

/**
 * Languages approved names and short descriptions are translated into (contract language codes).
 * The default covers the platform's main working languages.
 */
export function translationLanguages(): string[] {
  const configured = settings().TRANSLATION_LANGUAGES;
  return configured?.length ? configured : DEFAULT_TRANSLATION_LANGUAGES;
}

export type TranslatorSetting =
  | { kind: "libretranslate"; url: string; apiKey?: string }
  | { kind: "deepl"; apiKey: string };

/** The machine translator (TRANSLATOR and its URL or key), or null: translations wait for a human. */
export function translatorSetting(): TranslatorSetting | null {
  const { TRANSLATOR, LIBRETRANSLATE_URL, LIBRETRANSLATE_API_KEY, DEEPL_API_KEY } = settings();
  if (TRANSLATOR === "libretranslate") {
    return { kind: TRANSLATOR, url: LIBRETRANSLATE_URL!, apiKey: LIBRETRANSLATE_API_KEY };
  }
  if (TRANSLATOR === "deepl") return { kind: TRANSLATOR, apiKey: DEEPL_API_KEY! };
  return null;
}

/** Webhook delivery settings (lib/webhooks, lib/jobs/webhook-dispatcher). */
export function webhookSettings() {
  const current = settings();
  return {
    /** Callbacks to private, loopback and link-local addresses: only for development and tests. */
    allowPrivateAddresses: current.WEBHOOK_ALLOW_PRIVATE_URLS,
    timeoutMs: current.WEBHOOK_TIMEOUT_MS,
    /** How long a worker owns a claimed event; longer than an attempt can take. */
    leaseMs: current.WEBHOOK_LEASE_MS,
    pollMs: current.WEBHOOK_POLL_MS,
    /** Callbacks one worker has under way to one subscription, so a slow receiver delays only itself. */
    perSubscription: current.WEBHOOK_CONCURRENCY_PER_SUBSCRIPTION,
    /** Callbacks one worker has under way in all. */
    maxInFlight: current.WEBHOOK_CONCURRENCY,
  };
}

/** Whether npm start runs the background workers itself (the embedded default) or leaves them to npm run worker. */
export function workersInProcess(): boolean {
  return settings().WORKERS_IN_PROCESS;
}

export function port(): number {
  return settings().PORT;
}

export function logLevel(): string {
  const { LOG_LEVEL, NODE_ENV } = settings();
  return LOG_LEVEL ?? (NODE_ENV === "test" ? "warn" : "info");
}

/** Largest request body the API reads; larger bodies get 413 in the contract's envelope. */
export const MAX_BODY_BYTES = 1024 * 1024;
