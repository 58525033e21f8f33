/**
 * Providers and their API keys. A key is `dcp_` + 43 base64url characters (32 random bytes); only
 * its SHA-256 is stored, with a short display prefix. SHA-256 rather than a slow password hash is
 * deliberate: keys carry 256 bits of entropy, so brute force is hopeless either way, and every API
 * call must verify one. A provider may hold several active keys, each with a name, a scope and an
 * optional expiry; rolling and listing them is lib/domain/api-key-rotation.ts.
 */
import { randomBytes } from "node:crypto";
import type { ApiKeyScope } from "../contract/forms/api-keys";
import { sha256Hex } from "../crypto";
import { db } from "../db";
import { log } from "../log";
import { notFound } from "./errors";

const API_KEY_PREFIX = "dcp_";
const DISPLAY_PREFIX_LENGTH = API_KEY_PREFIX.length + 6;

export interface ApiPrincipal {
  providerId: string;
  apiKeyId: string;
  scope: ApiKeyScope;
}

/** The one place a new key's text is chosen. */
function generateApiKey(): string {
  return API_KEY_PREFIX + randomBytes(32).toString("base64url");
}

/** The columns of a new key: its hash and display prefix, never the key. */
function newKeyColumns(key: string) {
  return { hash: sha256Hex(key), prefix: key.slice(0, DISPLAY_PREFIX_LENGTH) };
}

export async function createProvider(name: string) {
  const trimmed = name.trim();
  if (!trimmed) throw new Error("A provider needs a name");
  return db().provider.create({ data: { name: trimmed } });
}

export interface KeyOptions {
  scope?: ApiKeyScope;
  expiresAt?: Date | null;
}

/** Issues a key for the provider; the plain key is returned this once and never again. */
export async function issueApiKey(providerId: string, name = "API key", options: KeyOptions = {}) {
  const key = generateApiKey();
  const record = await db().apiKey.create({
    data: {
      providerId,
      name,
      scope: options.scope ?? "full",
      expiresAt: options.expiresAt ?? null,
      ...newKeyColumns(key),
    },
  });
  forgetCachedKeys();
  return { key, record };
}

/** A new key's text and columns, for a transaction of the caller's (a roll). */
export function prepareApiKey() {
  const key = generateApiKey();
  return { key, columns: newKeyColumns(key) };
}

/**
 * The real platform's model, for administrators: one active key per provider. Revokes every active
 * key of the provider and issues a new one, in one transaction; the plain key is returned this once.
 */
export async function regenerateApiKey(providerId: string, name = "issued by an administrator") {
  // Providers are never deleted, so a check before the transaction is enough.
  if (!(await db().provider.findUnique({ where: { id: providerId }, select: { id: true } }))) {
    throw notFound("No such provider.");
  }
  const key = generateApiKey();
  await db().$transaction([
    db().apiKey.updateMany({ where: { providerId, revokedAt: null }, data: { revokedAt: new Date() } }),
    db().apiKey.create({ data: { providerId, name, ...newKeyColumns(key) } }),
  ]);
  forgetCachedKeys();
  return key;
}

export async function revokeApiKey(providerId: string, apiKeyId: string): Promise<boolean> {
  const { count } = await db().apiKey.updateMany({
    where: { id: apiKeyId, providerId, revokedAt: null },
    data: { revokedAt: new Date() },
  });
  forgetCachedKeys();
  return count === 1;
}

/**
 * Verified keys are remembered for a few seconds so that a busy integration does not cost a
 * database read per call, never past the key's own expiry. Changing a key through this process
 * forgets them at once; a revocation made by another process takes effect within AUTH_CACHE_MS.
 */
const AUTH_CACHE_MS = 5_000;
/** lastUsedAt is written at most this often per key: a write per request would halve throughput. */
const LAST_USED_WRITE_MS = 60_000;

/** What a key is worth: a principal, or why it is refused (an expired key is still known by its id). */
export type KeyCheck =
  | { principal: ApiPrincipal; refused?: undefined }
  | { refused: "invalid" }
  | { refused: "expired"; apiKeyId: string; expiredAt: Date };

const INVALID: KeyCheck = Object.freeze({ refused: "invalid" as const });

// On globalThis: Next's bundle and the node:http fast path each load their own copy of this module,
// and a revocation through one must be seen by the other.
const shared = globalThis as unknown as {
  portalVerifiedKeys?: Map<string, { check: KeyCheck; cachedUntil: number }>;
  portalKeyLastUsed?: Map<string, number>;
};
const verified = (shared.portalVerifiedKeys ??= new Map());
const lastUsedWrittenAt = (shared.portalKeyLastUsed ??= new Map());

/** Every change to whether a key is valid (issue, revoke, roll, expiry) calls this. */
export function forgetCachedKeys(): void {
  verified.clear();
}

export async function authenticateApiKey(key: string): Promise<KeyCheck> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 128) return INVALID;
  const hash = sha256Hex(key);
  const now = Date.now();
  const cached = verified.get(hash);
  if (cached && cached.cachedUntil > now) {
    if (cached.check.principal) noteUse(cached.check.principal.apiKeyId, now);
    return cached.check;
  }
  const record = await db().apiKey.findUnique({
    where: { hash },
    select: { id: true, providerId: true, revokedAt: true, expiresAt: true, scope: true },
  });
  if (!record || record.revokedAt) {
    verified.delete(hash);
    return INVALID;
  }
  if (record.expiresAt && record.expiresAt.getTime() <= now) {
    verified.delete(hash);
    return { refused: "expired", apiKeyId: record.id, expiredAt: record.expiresAt };
  }
  const check: KeyCheck = {
    principal: { providerId: record.providerId, apiKeyId: record.id, scope: record.scope as ApiKeyScope },
  };
  const cachedUntil = Math.min(now + AUTH_CACHE_MS, record.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
  verified.set(hash, { check, cachedUntil });
  noteUse(record.id, now);
  return check;
}

function noteUse(apiKeyId: string, now: number): void {
  if (now - (lastUsedWrittenAt.get(apiKeyId) ?? 0) < LAST_USED_WRITE_MS) return;
  lastUsedWrittenAt.set(apiKeyId, now);
  db()
    .apiKey.update({ where: { id: apiKeyId }, data: { lastUsedAt: new Date(now) } })
    .catch((error: unknown) => log.warn({ err: error, apiKeyId }, "could not record lastUsedAt"));
}
