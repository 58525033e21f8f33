/**
 * A provider's keys as its portal manages them (docs/keys.md "API keys"): several active keys, each with
 * a name, a scope and an optional expiry; a roll issues the successor and keeps the old key valid
 * until a grace end, so an integration can switch without downtime; a warning before a key expires.
 */
import type { ApiKeyScope } from "../../contract/forms/api-key-forms";
import { say } from "../../contract/validation-messages";
import { db, takeWriteLock } from "../../db";
import { recordAudit } from "../audit";
import { invalid, notFound } from "../errors";
import { type Actor, authorizeProvider, can } from "../permissions";
import { forgetCachedKeys, generateApiKey, keyIssuedRecord, writeApiKey } from "./api-keys";

const DAY_MS = 24 * 60 * 60 * 1000;
/** A roll keeps the old key working for at most this long. */
export const MAX_GRACE_DAYS = 30;
/** The portal warns this long before an active key expires. */
export const EXPIRY_WARNING_DAYS = 7;
/** An expiry further ahead than this is a typing mistake, not a policy. */
const MAX_EXPIRY_DAYS = 10 * 365;

/** An active key: not revoked and not expired at `now`. */
const activeAt = (now: Date) => ({ revokedAt: null, OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] });

export async function createApiKey(
  actor: Actor,
  input: { name: string; scope: ApiKeyScope; expiresAt: Date | null },
) {
  const providerId = authorizeProvider(actor, "provider.keys.manage");
  const now = Date.now();
  if (input.expiresAt) {
    const at = input.expiresAt.getTime();
    if (!(at > now)) throw invalid("expiresAt", say("mustBeInFuture"));
    if (at > now + MAX_EXPIRY_DAYS * DAY_MS)
      throw invalid("expiresAt", say("mustBeWithinYears", { years: MAX_EXPIRY_DAYS / 365 }));
  }
  return writeApiKey(actor, providerId, input.name, { scope: input.scope, expiresAt: input.expiresAt });
}

/**
 * Issues the successor of an active key (same name and scope; an expiring key's successor gets the
 * same lifetime from now) and lets the old key expire at `graceEndsAt`, from now to 30 days ahead.
 * Both work until then. Scoped by the provider: another provider's key id is not found.
 */
export async function rollApiKey(actor: Actor, apiKeyId: string, graceEndsAt: Date) {
  const providerId = authorizeProvider(actor, "provider.keys.manage");
  const now = new Date();
  const grace = graceEndsAt.getTime() - now.getTime();
  // A minute of slack: the form's "now" was taken a moment before the request arrived.
  if (!(grace >= -60_000)) throw invalid("graceEndsAt", say("mustNotBeInPast"));
  if (grace > MAX_GRACE_DAYS * DAY_MS)
    throw invalid("graceEndsAt", say("mustBeWithinDays", { days: MAX_GRACE_DAYS }));
  const endsAt = grace < 0 ? now : graceEndsAt;
  const { key, columns } = await generateApiKey(providerId);
  const record = await db().$transaction(async (tx) => {
    await takeWriteLock(tx);
    const old = await tx.apiKey.findFirst({ where: { id: apiKeyId, providerId, ...activeAt(now) } });
    if (!old) throw notFound(say("noSuchActiveKey"));
    const lifetime = old.expiresAt ? old.expiresAt.getTime() - old.createdAt.getTime() : undefined;
    const expiresAt = lifetime === undefined ? null : new Date(now.getTime() + lifetime);
    // Only a key that would outlive the grace end is shortened: a roll never lengthens a key's life.
    const shortened = !old.expiresAt || old.expiresAt > endsAt;
    const successor = await tx.apiKey.create({
      data: { providerId, name: old.name, scope: old.scope, expiresAt, ...columns },
    });
    // A rolled key has its successor: it is meant to expire, so neither mail (expiryWarnedAt) nor
    // the portal's banner (replacedById) asks anyone to roll it again.
    await tx.apiKey.update({
      where: { id: old.id },
      data: { ...(shortened ? { expiresAt: endsAt } : {}), expiryWarnedAt: now, replacedById: successor.id },
    });
    await recordAudit(tx, actor, [
      {
        action: "api_key.rolled",
        subjectType: "ApiKey",
        subjectId: old.id,
        detail: { successorId: successor.id },
        before: { expiresAt: old.expiresAt },
        after: { expiresAt: shortened ? endsAt : old.expiresAt },
      },
      keyIssuedRecord("api_key.created", successor, { rolledFrom: old.id }),
    ]);
    return successor;
  });
  await forgetCachedKeys();
  return { key, record };
}

const KEY_COLUMNS = {
  id: true,
  prefix: true,
  name: true,
  scope: true,
  createdAt: true,
  lastUsedAt: true,
  revokedAt: true,
  expiresAt: true,
  replacedById: true,
} as const;

export type KeyState = "active" | "expiring" | "expired" | "revoked";

/** What the portal says of a key now: expiring means within EXPIRY_WARNING_DAYS. */
export function keyState(
  key: { revokedAt: Date | null; expiresAt: Date | null },
  now = new Date(),
): KeyState {
  if (key.revokedAt) return "revoked";
  if (!key.expiresAt) return "active";
  const left = key.expiresAt.getTime() - now.getTime();
  if (left <= 0) return "expired";
  return left <= EXPIRY_WARNING_DAYS * DAY_MS ? "expiring" : "active";
}

export async function listApiKeys(actor: Actor) {
  const providerId = authorizeProvider(actor, "provider.read");
  const keys = await db().apiKey.findMany({
    where: { providerId },
    orderBy: { createdAt: "desc" },
    select: KEY_COLUMNS,
  });
  const now = new Date();
  // Both keys of a roll keep one name: each says which of the two it is by the other's prefix.
  const prefixOf = new Map(keys.map((key) => [key.id, key.prefix]));
  const replaces = new Map(keys.flatMap((key) => (key.replacedById ? [[key.replacedById, key.prefix]] : [])));
  return keys.map((key) => ({
    ...key,
    state: keyState(key, now),
    replacedByPrefix: key.replacedById ? (prefixOf.get(key.replacedById) ?? null) : null,
    replacesPrefix: replaces.get(key.id) ?? null,
  }));
}

/** One key of the provider, for its page; another provider's key id is not found. */
export async function apiKeyOf(actor: Actor, apiKeyId: string) {
  const providerId = authorizeProvider(actor, "provider.read");
  const key = await db().apiKey.findFirst({ where: { id: apiKeyId, providerId }, select: KEY_COLUMNS });
  if (!key) throw notFound(say("noSuchKey"));
  return { ...key, state: keyState(key) };
}

/** The provider's active keys expiring within EXPIRY_WARNING_DAYS that nobody has rolled. */
export function expiringUnrolled(providerId: string, now = new Date()) {
  return {
    providerId,
    revokedAt: null,
    replacedById: null,
    expiresAt: { gt: now, lte: new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS) },
  };
}

/**
 * The banner's keys (issue 30, finding 7): the provider's active keys that expire within
 * EXPIRY_WARNING_DAYS and that nobody has rolled, soonest first, for whoever can roll them (a
 * viewer can do nothing about it); none the person dismissed (`dismissed`: key ids).
 */
export async function expiringApiKeys(actor: Actor, dismissed: ReadonlySet<string> = new Set()) {
  const providerId = authorizeProvider(actor, "provider.read");
  if (!can(actor, "provider.keys.manage")) return [];
  const keys = await db().apiKey.findMany({
    where: expiringUnrolled(providerId),
    orderBy: { expiresAt: "asc" },
    select: { id: true, name: true, prefix: true, expiresAt: true },
  });
  return keys.filter((key) => !dismissed.has(key.id));
}
