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
  if (!existsSync(SECRET_KEY_FILE)) {
    mkdirSync(path.dirname(SECRET_KEY_FILE), { recursive: true });
    writeFileSync(SECRET_KEY_FILE, randomBytes(32).toString("base64"), { mode: 0o600, flag: "wx" });
  }
  return decodeKey(readFileSync(SECRET_KEY_FILE, "utf8").trim(), SECRET_KEY_FILE);
}

function decodeKey(text: string, source: string): Buffer {
  const key = /^[0-9a-f]{64}$/i.test(text) ? Buffer.from(text, "hex") : Buffer.from(text, "base64");
  if (key.length !== 32) throw new Error(`${source} must hold 32 bytes (base64 or hex)`);
  return key;
}

export function port(): number {
  return Number(process.env.PORT) || 3000;
}

export function logLevel(): string {
  return process.env.LOG_LEVEL || (process.env.NODE_ENV === "test" ? "warn" : "info");
}

/** Largest request body the API reads; larger bodies get 413 in the contract's envelope. */
export const MAX_BODY_BYTES = 1024 * 1024;
