/**
 * The schema of every setting (lib/config.ts reads the environment through it): each variable's
 * type, default and the message that says what it should be. `.env.example` lists the same names.
 */
import { isIP } from "node:net";
import { z } from "zod";
import { LANGUAGES } from "./contract/enums";

const DEFAULT_DATABASE_URL = "file:./data/portal.db";
const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

export type Environment = Readonly<Record<string, string | undefined>>;

/** Values never echoed in an error message: they are secrets or may hold a password. */
const SECRETS = new Set([
  "DATABASE_URL",
  "SECRET_ENCRYPTION_KEY",
  "SECRET_ENCRYPTION_KEY_PREVIOUS",
  "BETTER_AUTH_SECRET",
  "LIBRETRANSLATE_API_KEY",
  "DEEPL_API_KEY",
  "REDIS_URL",
  "SMTP_URL",
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
export function keyBytes(text: string): Buffer | undefined {
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
    // Keys retired by a rotation, comma-separated: what they wrapped stays readable until
    // `npm run keys:rotate` has wrapped it again under SECRET_ENCRYPTION_KEY (docs/data-protection.md).
    SECRET_ENCRYPTION_KEY_PREVIOUS: z
      .string()
      .transform(list)
      .refine((keys) => keys.every((text) => keyBytes(text)), "each key must hold 32 bytes (base64 or hex)")
      .optional(),
    BETTER_AUTH_SECRET: z.string().optional(),
    BETTER_AUTH_URL: httpUrl.optional(),
    PORTAL_HOSTS: z.string().transform(list).optional(),
    SECURE_COOKIES: flag(false),
    AUTH_SIGN_IN_PER_MINUTE: positiveInteger(20),
    // Unset: no limit, and no counter write per request (the SQLite default would pay one each).
    API_RATE_LIMIT: z
      .string()
      .regex(/^[1-9]\d*$/, "must be a positive integer")
      .transform(Number)
      .optional(),
    API_RATE_WINDOW_SECONDS: positiveInteger(60),
    REDIS_URL: z.url({ protocol: /^rediss?$/, error: "must be a redis:// or rediss:// URL" }).optional(),
    REDIS_KEY_PREFIX: z.string().default("portal:"),
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
    SMTP_URL: z.url({ protocol: /^smtps?$/, error: "must be an smtp:// or smtps:// URL" }).optional(),
    REVIEW_DIGEST_MINUTES: positiveInteger(60),
    MAIL_FROM: z.string().trim().min(3, "must be an address, e.g. Portal <portal@example.org>").optional(),
    WORKERS_IN_PROCESS: flag(true),
    WEBHOOK_ALLOW_PRIVATE_URLS: flag(false),
    WEBHOOK_TIMEOUT_MS: positiveInteger(15_000),
    WEBHOOK_LEASE_MS: positiveInteger(60_000),
    WEBHOOK_POLL_MS: positiveInteger(500),
    WEBHOOK_CONCURRENCY_PER_SUBSCRIPTION: positiveInteger(16),
    WEBHOOK_CONCURRENCY: positiveInteger(256),
    SANDBOX_DECISION_DELAY_SECONDS: positiveInteger(5),
    PAYMENT_APPROVAL_EXPIRY_HOURS: positiveInteger(168),
    // Days a finished webhook event (its payload and attempts) is kept before the retention worker prunes it.
    WEBHOOK_EVENT_RETENTION_DAYS: positiveInteger(90),
    // Days a mail message once done (sent, failed, kept, cancelled) and an inbox notification are kept.
    MAIL_RETENTION_DAYS: positiveInteger(180),
    // Readiness (GET /api/health/ready) fails once the oldest due webhook event has waited this long.
    READY_OUTBOX_MAX_AGE_SECONDS: positiveInteger(300),
    // After SIGTERM, how long the server stays up answering unready before it stops accepting: the
    // time a load balancer takes to notice (0: stop at once, as for a process nothing balances).
    DRAIN_DELAY_SECONDS: z
      .string()
      .regex(/^\d+$/, "must be a whole number of seconds")
      .transform(Number)
      .default(0),
    // GET /metrics answers only with `Authorization: Bearer <METRICS_TOKEN>`; unset, it is off (404).
    METRICS_TOKEN: z
      .string()
      .min(16, "must be at least 16 characters (e.g. openssl rand -hex 32)")
      .regex(/^[\x21-\x7e]+$/, "must be printable ASCII without spaces (it travels in a header)")
      .optional(),
    // `npm run worker` serves its own GET /metrics on this port when METRICS_TOKEN is set.
    WORKER_METRICS_PORT: z
      .string()
      .regex(/^\d+$/, "must be a port number")
      .transform(Number)
      .pipe(z.number().int().min(1, "must be a port number").max(65_535, "must be a port number"))
      .optional(),
    // Traces (docs/operations.md "Traces"): on only when one of these is set; the OpenTelemetry SDK
    // reads them and the other standard OTEL_* variables itself (protocol, headers, service name).
    OTEL_EXPORTER_OTLP_ENDPOINT: httpUrl.optional(),
    OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: httpUrl.optional(),
    // Tests only: lets a request ask to be held after its commit (lib/api/idempotency.ts).
    TEST_FAULT_HOOKS: flag(false),
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
export function ourValues(env: Environment): Partial<Record<Name, string>> {
  const values: Partial<Record<Name, string>> = {};
  for (const name of SETTING_NAMES) {
    const value = env[name]?.trim();
    if (value) values[name] = value;
  }
  return values;
}

/** The validated settings of our variables' values, or a ConfigError naming each bad one. */
export function parseSettings(values: Partial<Record<Name, string>>): Settings {
  const result = schema.safeParse(values);
  if (result.success) return result.data;
  throw new ConfigError(
    result.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `${name} ${issue.message} (${shown(name, values[name as Name])})`;
    }),
  );
}
