/**
 * Providers and their API keys. A key is `dcp_` + 43 base64url characters (32 random bytes); only
 * its SHA-256 is stored, with a short display prefix. SHA-256 rather than a slow password hash is
 * deliberate: keys carry 256 bits of entropy, so brute force is hopeless either way, and every API
 * call must verify one. A provider may hold several active keys, each with a name, a scope and an
 * optional expiry; rolling and listing them is lib/domain/keys/rotation.ts.
 */
import { randomBytes } from "node:crypto";
import type { ApiKeyScope } from "../../contract/forms/api-key-forms";
import { say } from "../../contract/validation-messages";
import { sha256Hex } from "../../crypto";
import { db } from "../../db";
import { signalledCache } from "../../infrastructure/signalled-cache";
import { log } from "../../log";
import { type AuditRecord, recordAudit } from "../audit";
import { notFound } from "../errors";
import { LIVE_PROVIDER } from "../live-scope";
import { type Actor, authorize, authorizeProvider } from "../permissions";

const API_KEY_PREFIX = "dcp_";
/** Test-mode keys (docs/sandbox.md "Test mode (sandbox)"): they belong to a provider's sandbox twin. */
const TEST_KEY_PREFIX = "dcp_test_";
/** Characters of the random part shown after the prefix, to tell keys apart. */
const DISPLAY_RANDOM_LENGTH = 6;

export interface ApiPrincipal {
  providerId: string;
  apiKeyId: string;
  scope: ApiKeyScope;
}

/** A key acts for its provider with what its scope allows (lib/domain/permissions.ts). */
export function apiKeyActor(principal: ApiPrincipal): Actor {
  return {
    kind: "apiKey",
    id: principal.apiKeyId,
    personId: null,
    holds: [principal.scope === "read" ? "key:read" : "key:full"],
    providerId: principal.providerId,
  };
}

/** A sandbox's keys say so in their prefix, so a test key is never mistaken for a live one. */
async function keyPrefixFor(providerId: string): Promise<string> {
  const provider = await db().provider.findUnique({
    where: { id: providerId },
    select: { sandboxOfId: true },
  });
  return provider?.sandboxOfId ? TEST_KEY_PREFIX : API_KEY_PREFIX;
}

/**
 * The one place a new key's text is chosen, with the columns stored for it (its hash and display
 * prefix, never the key); a roll writes them in a transaction of its own.
 */
export async function generateApiKey(providerId: string) {
  const prefix = await keyPrefixFor(providerId);
  const key = prefix + randomBytes(32).toString("base64url");
  return {
    key,
    columns: { hash: sha256Hex(key), prefix: key.slice(0, prefix.length + DISPLAY_RANDOM_LENGTH) },
  };
}

/** A new key's audit entry: what tells it apart (never the key, which only its holder sees). */
export function keyIssuedRecord(
  action: string,
  key: {
    id: string;
    providerId: string;
    name: string;
    scope: string;
    prefix: string;
    expiresAt: Date | null;
  },
  detail?: Record<string, unknown>,
): AuditRecord {
  const { id, providerId, name, scope, prefix, expiresAt } = key;
  return {
    action,
    subjectType: "ApiKey",
    subjectId: id,
    detail: { providerId, ...detail },
    after: { name, scope, prefix, expiresAt },
  };
}

export interface KeyOptions {
  scope?: ApiKeyScope;
  expiresAt?: Date | null;
}

/**
 * Writes a new key of the provider with its audit entry; the plain key is returned this once and
 * never again. Not authorized here: its callers (issueApiKey, createApiKey) check their permission.
 */
export async function writeApiKey(actor: Actor, providerId: string, name: string, options: KeyOptions) {
  const generated = await generateApiKey(providerId);
  // The key leaves the transaction with its row: a retry that replays the transaction (an
  // Idempotency-Key's journal, lib/db/transaction-journal.ts) answers the key that was stored.
  const { key, record } = await db().$transaction(async (tx) => {
    const created = await tx.apiKey.create({
      data: {
        providerId,
        name,
        scope: options.scope ?? "full",
        expiresAt: options.expiresAt ?? null,
        ...generated.columns,
      },
    });
    await recordAudit(tx, actor, keyIssuedRecord("api_key.created", created));
    return { key: generated.key, record: created };
  });
  // A new key invalidates nothing: only verified keys are cached.
  return { key, record };
}

/** An administrator's (or the operators' tools') key for a provider. */
export async function issueApiKey(
  actor: Actor,
  providerId: string,
  name = "API key",
  options: KeyOptions = {},
) {
  authorize(actor, "providers.manage");
  return writeApiKey(actor, providerId, name, options);
}

/**
 * The real platform's model, for administrators: one active key per provider. Revokes every active
 * key of the provider and issues a new one, in one transaction; the plain key is returned this once.
 */
export async function regenerateApiKey(
  actor: Actor,
  providerId: string,
  name = "issued by an administrator",
) {
  authorize(actor, "providers.manage");
  // Providers are never deleted, so a check before the transaction is enough. A sandbox is no
  // provider of the console's: its test keys are its organisation's own business.
  if (
    !(await db().provider.findFirst({ where: { id: providerId, ...LIVE_PROVIDER }, select: { id: true } }))
  ) {
    throw notFound(say("noSuchProvider"));
  }
  const { key: generated, columns } = await generateApiKey(providerId);
  // Returned by the transaction, so that a replay of it (see writeApiKey) answers the stored key.
  const key = await db().$transaction(async (tx) => {
    const revoked = await tx.apiKey.updateMany({
      where: { providerId, revokedAt: null },
      data: { revokedAt: new Date() },
    });
    const created = await tx.apiKey.create({ data: { providerId, name, ...columns } });
    await recordAudit(tx, actor, keyIssuedRecord("api_key.regenerated", created, { revoked: revoked.count }));
    return generated;
  });
  await forgetCachedKeys();
  return key;
}

/** Revokes one of the actor's organisation's active keys; false when it has no such key. */
export async function revokeApiKey(actor: Actor, apiKeyId: string): Promise<boolean> {
  const providerId = authorizeProvider(actor, "provider.keys.manage");
  const revokedAt = new Date();
  const count = await db().$transaction(async (tx) => {
    const { count } = await tx.apiKey.updateMany({
      where: { id: apiKeyId, providerId, revokedAt: null },
      data: { revokedAt },
    });
    if (count === 1) {
      await recordAudit(tx, actor, {
        action: "api_key.revoked",
        subjectType: "ApiKey",
        subjectId: apiKeyId,
        before: { revokedAt: null },
        after: { revokedAt },
      });
    }
    return count;
  });
  await forgetCachedKeys();
  return count === 1;
}

/**
 * Verified keys are remembered for a few seconds so that a busy integration does not cost a
 * database read per call, never past the key's own expiry. A change to any key forgets them in
 * every process sharing the database at once (the api_keys_changed signal, lib/db/signals.ts);
 * while this process could miss that signal (its listening connection is down) it does not use
 * what it remembers.
 */
const AUTH_CACHE_MS = 5_000;
/** lastUsedAt is written at most this often per key: a write per request would halve throughput. */
const LAST_USED_WRITE_MS = 60_000;

/** What a key is worth: a principal, or why it is refused (an expired key is still known by its id). */
export type KeyCheck =
  | { principal: ApiPrincipal; refused?: undefined }
  | { refused: "invalid" }
  | { refused: "expired"; apiKeyId: string; expiredAt: Date };

type Accepted = Extract<KeyCheck, { principal: ApiPrincipal }>;
const INVALID: KeyCheck = Object.freeze({ refused: "invalid" as const });

// Shared by Next's bundle and the node:http fast path, and emptied by a change to any key in every
// process (lib/infrastructure/signalled-cache.ts).
const verifiedKeys = signalledCache<Accepted>("api_keys_changed");
// On globalThis: Next's bundle and the fast path each load their own copy of this module.
const shared = globalThis as unknown as { portalKeyLastUsed?: Map<string, number> };
const lastUsedWrittenAt = (shared.portalKeyLastUsed ??= new Map());

/** Call after any change to whether a key is valid, once it is committed. */
export function forgetCachedKeys(): Promise<void> {
  return verifiedKeys.forget();
}

export async function authenticateApiKey(key: string): Promise<KeyCheck> {
  if (!key.startsWith(API_KEY_PREFIX) || key.length > 128) return INVALID;
  const hash = sha256Hex(key);
  const now = Date.now();
  const cached = verifiedKeys.get(hash, now);
  if (cached) {
    noteUse(cached.principal.apiKeyId, now);
    return cached;
  }
  const mark = verifiedKeys.mark();
  const record = await db().apiKey.findUnique({
    where: { hash },
    select: { id: true, providerId: true, revokedAt: true, expiresAt: true, scope: true },
  });
  if (!record || record.revokedAt) {
    verifiedKeys.delete(hash);
    return INVALID;
  }
  if (record.expiresAt && record.expiresAt.getTime() <= now) {
    verifiedKeys.delete(hash);
    return { refused: "expired", apiKeyId: record.id, expiredAt: record.expiresAt };
  }
  const check: Accepted = {
    principal: { providerId: record.providerId, apiKeyId: record.id, scope: record.scope as ApiKeyScope },
  };
  const cachedUntil = Math.min(now + AUTH_CACHE_MS, record.expiresAt?.getTime() ?? Number.POSITIVE_INFINITY);
  verifiedKeys.set(hash, check, cachedUntil, mark);
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
