/**
 * The settings schema (lib/config.ts): today's defaults for an empty environment, and a message that
 * names the variable and what it should be for a bad value, without echoing secrets.
 */
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { settings } from "@/lib/config";
import { ConfigError, SETTING_NAMES } from "@/lib/config-schema";

function problems(env: Record<string, string>): string[] {
  try {
    settings(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("settings", () => {
  it("has the embedded defaults when nothing is set (blank counts as unset)", () => {
    const defaults = settings({ WEBHOOK_TIMEOUT_MS: " ", TRUST_PROXY: "" });
    expect(defaults).toMatchObject({
      DATABASE_URL: "file:./data/portal.db",
      DATABASE_POOL_SIZE: 10,
      PORT: 3000,
      SECURE_COOKIES: false,
      AUTH_SIGN_IN_PER_MINUTE: 20,
      TRUST_PROXY: [],
      WORKERS_IN_PROCESS: true,
      WEBHOOK_ALLOW_PRIVATE_URLS: false,
      WEBHOOK_TIMEOUT_MS: 15_000,
      WEBHOOK_LEASE_MS: 60_000,
      WEBHOOK_POLL_MS: 500,
      WEBHOOK_CONCURRENCY_PER_SUBSCRIPTION: 16,
      WEBHOOK_CONCURRENCY: 256,
    });
    expect(defaults.TRANSLATOR).toBeUndefined();
  });

  it("reads numbers, flags and lists", () => {
    const read = settings({
      PORT: "8080",
      WORKERS_IN_PROCESS: "false",
      TRUST_PROXY: "127.0.0.1, 10.0.0.0/8",
      TRANSLATION_LANGUAGES: "fr,es,FR",
      TRANSLATOR: " DeepL ",
      DEEPL_API_KEY: "key",
    });
    expect(read).toMatchObject({
      PORT: 8080,
      WORKERS_IN_PROCESS: false,
      TRUST_PROXY: ["127.0.0.1", "10.0.0.0/8"],
      TRANSLATION_LANGUAGES: ["FR", "ES"],
      TRANSLATOR: "deepl",
    });
  });

  it("names the variable, what it should be and the value it got", () => {
    expect(problems({ WEBHOOK_TIMEOUT_MS: "abc" })).toEqual([
      'WEBHOOK_TIMEOUT_MS must be a positive integer (got "abc")',
    ]);
    expect(problems({ PORT: "0", SECURE_COOKIES: "yes" })).toEqual([
      'PORT must be a positive integer (got "0")',
      'SECURE_COOKIES must be "true" or "false" (got "yes")',
    ]);
    expect(problems({ TRUST_PROXY: "10.0.0.0/33" })).toEqual([
      'TRUST_PROXY must list IP addresses or CIDR ranges (got "10.0.0.0/33")',
    ]);
    expect(problems({ TRANSLATOR: "google" })).toEqual([
      'TRANSLATOR must be libretranslate or deepl (got "google")',
    ]);
    expect(problems({ TRANSLATOR: "libretranslate" })).toEqual([
      "LIBRETRANSLATE_URL must be set when TRANSLATOR=libretranslate (unset)",
    ]);
    expect(problems({ BETTER_AUTH_URL: "portal.example.org" })[0]).toMatch(
      /^BETTER_AUTH_URL must be an http\(s\) URL/,
    );
    expect(problems({ LOG_LEVEL: "loud" })[0]).toMatch(/^LOG_LEVEL must be one of fatal, error/);
  });

  it("never echoes a secret or a database password", () => {
    expect(problems({ SECRET_ENCRYPTION_KEY: "too-short" })).toEqual([
      "SECRET_ENCRYPTION_KEY must hold 32 bytes (base64 or hex) (got 9 characters)",
    ]);
    expect(problems({ DATABASE_URL: "mysql://root:hunter2@db/portal" })).toEqual([
      'DATABASE_URL must start with file: or postgres(ql):// (got "mysql:…")',
    ]);
  });
});

describe(".env.example", () => {
  const example: Record<string, string> = {};
  for (const line of readFileSync(".env.example", "utf8").split("\n")) {
    const [, name, value] = /^([A-Z0-9_]+)=(.*)$/.exec(line) ?? [];
    if (name) example[name] = value ?? "";
  }

  it("lists every variable the product reads, each with its default", () => {
    expect(Object.keys(example).sort()).toEqual(SETTING_NAMES.filter((name) => name !== "NODE_ENV").sort());
    expect(settings(example)).toMatchObject(settings({}));
  });
});
