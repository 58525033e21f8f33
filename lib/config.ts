/**
 * Every setting of the product: the one place that reads the environment, through the schema of
 * lib/config-schema.ts, with defaults that make a fresh clone run embedded (SQLite under data/).
 * `.env.example` lists the same variables. A bad value stops the server at start
 * (server/check-config.ts) naming the variable; settings are read per call, so a test may change
 * the environment.
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { type Environment, keyBytes, ourValues, parseSettings, type Settings } from "./config-schema";

export type DatabaseKind = "sqlite" | "postgres";

const DEFAULT_PORTAL_HOSTS = ["localhost", "localhost:*", "127.0.0.1", "127.0.0.1:*", "[::1]", "[::1]:*"];
const DEFAULT_TRANSLATION_LANGUAGES = ["EN", "FR", "ES", "AR", "UK", "RU"];

let cached: { key: string; settings: Settings; fixed: boolean } | undefined;

/**
 * The validated settings of `env`; parsed again only when one of our variables changed. A production
 * process's environment is fixed at start, so there the first parse serves every call: reading every
 * variable again costs ~5 µs, several times per API request. Tests and `next dev` change it at runtime.
 */
export function settings(env: Environment = process.env): Settings {
  if (cached?.fixed && env === process.env) return cached.settings;
  const values = ourValues(env);
  const key = JSON.stringify(values);
  if (cached?.key !== key) {
    cached = { key, settings: parseSettings(values), fixed: false };
  }
  cached.fixed = env === process.env && process.env.NODE_ENV === "production";
  return cached.settings;
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

/** Keys retired by a rotation (SECRET_ENCRYPTION_KEY_PREVIOUS): still read, never written with. */
export function previousEncryptionKeys(): Buffer[] {
  return (settings().SECRET_ENCRYPTION_KEY_PREVIOUS ?? []).map((text) => keyBytes(text)!);
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

/** The provider API's rate limit per API key (docs/api.md "Rate limits"), or undefined: not limited. */
export function apiRateLimit(): { limit: number; windowSeconds: number } | undefined {
  const { API_RATE_LIMIT, API_RATE_WINDOW_SECONDS } = settings();
  return API_RATE_LIMIT ? { limit: API_RATE_LIMIT, windowSeconds: API_RATE_WINDOW_SECONDS } : undefined;
}

/** Redis for the shared rate-limit counters (REDIS_URL), or undefined: they live in the database. */
export function redisSetting(): { url: string; keyPrefix: string } | undefined {
  const { REDIS_URL, REDIS_KEY_PREFIX } = settings();
  return REDIS_URL ? { url: REDIS_URL, keyPrefix: REDIS_KEY_PREFIX } : undefined;
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

/**
 * Where notifications go (docs/mail.md "Notifications by email"): an SMTP server (SMTP_URL, smtp:// or smtps://
 * with user and password in it), or, unset, nowhere: messages are kept for the mailbox page.
 */
export function mailSettings(): { smtpUrl?: string; from: string } {
  const { SMTP_URL, MAIL_FROM } = settings();
  return { smtpUrl: SMTP_URL, from: MAIL_FROM ?? "Delivery Channel Portal <portal@localhost>" };
}

/** How often at most reviewers get the digest of new channel requests (REVIEW_DIGEST_MINUTES). */
export function reviewDigestMs(): number {
  return settings().REVIEW_DIGEST_MINUTES * 60_000;
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

/** How long a test-mode channel request waits before the sandbox decides it (docs/sandbox.md "Test mode (sandbox)"). */
export function sandboxDecisionDelayMs(): number {
  return settings().SANDBOX_DECISION_DELAY_SECONDS * 1000;
}

/** How long a delivery request or refund may await its approvals before it expires (docs/money.md "Approval policies for money"). */
export function paymentApprovalExpiryMs(): number {
  return settings().PAYMENT_APPROVAL_EXPIRY_HOURS * 60 * 60 * 1000;
}

/** How long a finished webhook event is kept (docs/data-protection.md "Retention"). */
export function webhookEventRetentionMs(): number {
  return settings().WEBHOOK_EVENT_RETENTION_DAYS * 24 * 60 * 60 * 1000;
}

/** How long done mail and inbox notifications are kept (docs/data-protection.md "Retention"). */
export function mailRetentionMs(): number {
  return settings().MAIL_RETENTION_DAYS * 24 * 60 * 60 * 1000;
}

/** Readiness's limit on the oldest due webhook event's wait, in seconds. */
export function readyOutboxMaxAgeSeconds(): number {
  return settings().READY_OUTBOX_MAX_AGE_SECONDS;
}

/** How long a SIGTERM'd server answers unready before it stops accepting, in milliseconds. */
export function drainDelayMs(): number {
  return settings().DRAIN_DELAY_SECONDS * 1000;
}

/** GET /metrics's bearer token; undefined when metrics are off (docs/operations.md "Watch it"). */
export function metricsToken(): string | undefined {
  return settings().METRICS_TOKEN;
}

/**
 * Whether traces are exported (OTLP): only when an endpoint is set. The SDK reads the endpoint and
 * the other standard OTEL_* variables itself; this only decides whether to start it.
 */
export function tracingEnabled(): boolean {
  const s = settings();
  return s.OTEL_EXPORTER_OTLP_ENDPOINT !== undefined || s.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT !== undefined;
}

/** Whether OTEL_TRACES_SAMPLER chooses the traces' sampler (the SDK reads it and its _ARG itself). */
export function tracesSamplerChosen(): boolean {
  return Boolean(process.env.OTEL_TRACES_SAMPLER);
}

/**
 * OpenTelemetry's stable attribute names (http.request.method, http.response.status_code,
 * db.query.text…) rather than the instrumentations' old ones, unless the operator chose otherwise:
 * the instrumentations read only this variable, when they are made.
 */
export function preferStableSemanticConventions(): void {
  process.env.OTEL_SEMCONV_STABILITY_OPT_IN ??= "http,database";
}

/** The port of a separate worker's own GET /metrics (with METRICS_TOKEN set); undefined: none. */
export function workerMetricsPort(): number | undefined {
  return settings().WORKER_METRICS_PORT;
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

/** Tests only: a request may ask to be held after its commit (lib/api/idempotency.ts). */
export function testFaultHooks(): boolean {
  return settings().TEST_FAULT_HOOKS;
}
