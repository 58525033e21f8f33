/**
 * Platform API tokens: a platform user's credential for /api/platform/v1 (docs/platform-api.md "Platform API").
 * A token is `dcp_pat_` + 43 base64url characters; only its SHA-256 and a display prefix are stored,
 * as for provider keys (lib/domain/keys/api-keys.ts). It acts as its user with the user's CURRENT platform
 * roles, read with the token at every request: a role change or a removed user takes effect at once
 * (the join costs one indexed read, which a platform API's traffic affords; no cache to invalidate).
 */
import { randomBytes } from "node:crypto";
import { type NewPlatformToken, PLATFORM_TOKEN_PREFIX } from "../../contract/forms/platform-token-forms";
import { isPlatformRole, parseRoles } from "../../contract/roles";
import { say } from "../../contract/validation-messages";
import { sha256Hex } from "../../crypto";
import { db } from "../../db";
import { log } from "../../log";
import { recordAudit } from "../audit";
import { conflict, notFound } from "../errors";
import { type Actor, authorize, can } from "../permissions";

/** Characters of the random part shown after the prefix, to tell tokens apart. */
const DISPLAY_RANDOM_LENGTH = 6;
const DAY_MS = 86_400_000;
/** lastUsedAt is written at most this often per token. */
const LAST_USED_WRITE_MS = 60_000;

const LISTED = {
  id: true,
  name: true,
  prefix: true,
  createdAt: true,
  expiresAt: true,
  revokedAt: true,
  lastUsedAt: true,
} as const;

/** Issues a token to the acting user; its text is returned this once and never again. */
export async function issuePlatformToken(actor: Actor, input: NewPlatformToken, now = new Date()) {
  authorize(actor, "tokens.own");
  const userId = actor.personId;
  if (!userId) throw notFound(say("onlyPersonHoldsPlatformTokens"));
  return insertToken(userId, actor, input, now, {});
}

/**
 * Issues a token to the platform user with this email on an operator's word (`npm run token:create`,
 * for automation that starts from a fresh install, before anyone signs in). The token acts as that
 * user, with their roles; the audit entry names the operator's tool as the actor and says it came
 * from the command line, since the user did not ask for it. Refusals: no such user (not_found), a
 * user with no platform role, whom tokens.own refuses (forbidden), a deactivated one (conflict).
 */
export async function issuePlatformTokenByOperator(
  operator: Actor,
  email: string,
  input: NewPlatformToken,
  now = new Date(),
) {
  authorize(operator, "users.manage");
  // Stored lower-case (lib/domain/users' normalEmail, a feature above this one).
  const user = await db().user.findUnique({
    where: { email: email.trim().toLowerCase() },
    select: { id: true, roles: true, deactivatedAt: true },
  });
  if (!user) throw notFound(say("noSuchUser"));
  authorize({ holds: parseRoles(user.roles).filter(isPlatformRole) }, "tokens.own");
  if (user.deactivatedAt) throw conflict(say("userAlreadyDeactivated"));
  return insertToken(user.id, operator, input, now, { issuedVia: "command line" });
}

/** The token's row and its audit entry, in one transaction. */
async function insertToken(
  userId: string,
  actor: Actor,
  input: NewPlatformToken,
  now: Date,
  detail: Record<string, unknown>,
) {
  const token = PLATFORM_TOKEN_PREFIX + randomBytes(32).toString("base64url");
  const record = await db().$transaction(async (tx) => {
    const created = await tx.platformToken.create({
      data: {
        userId,
        name: input.name,
        hash: sha256Hex(token),
        prefix: token.slice(0, PLATFORM_TOKEN_PREFIX.length + DISPLAY_RANDOM_LENGTH),
        expiresAt: new Date(now.getTime() + input.expiresInDays * DAY_MS),
      },
      select: LISTED,
    });
    await recordAudit(tx, actor, {
      action: "token.issued",
      subjectType: "platformToken",
      subjectId: created.id,
      detail: { userId, ...detail },
      after: { name: created.name, prefix: created.prefix, expiresAt: created.expiresAt },
    });
    return created;
  });
  return { token, record };
}

/** The acting user's tokens, newest first; an administrator also sees everyone else's active ones. */
export async function listPlatformTokens(actor: Actor, now = new Date()) {
  authorize(actor, "tokens.own");
  const own = await db().platformToken.findMany({
    where: { userId: actor.personId ?? "" },
    orderBy: { createdAt: "desc" },
    select: LISTED,
  });
  const others = can(actor, "users.manage")
    ? await db().platformToken.findMany({
        where: { userId: { not: actor.personId ?? "" }, revokedAt: null, expiresAt: { gt: now } },
        orderBy: { createdAt: "desc" },
        take: 200,
        select: { ...LISTED, user: { select: { name: true, email: true } } },
      })
    : [];
  return { own, others };
}

/** Revokes one of the acting user's tokens, or anyone's for an administrator (users.manage). */
export async function revokePlatformToken(actor: Actor, tokenId: string, now = new Date()) {
  authorize(actor, "tokens.own");
  const anyone = can(actor, "users.manage");
  await db().$transaction(async (tx) => {
    const token = await tx.platformToken.findFirst({
      where: { id: tokenId, ...(anyone ? {} : { userId: actor.personId ?? "" }) },
      select: { id: true, userId: true, name: true, revokedAt: true },
    });
    if (!token) throw notFound(say("noSuchToken"));
    if (token.revokedAt) return;
    await tx.platformToken.update({ where: { id: token.id }, data: { revokedAt: now } });
    await recordAudit(tx, actor, {
      action: "token.revoked",
      subjectType: "platformToken",
      subjectId: token.id,
      detail: { userId: token.userId, name: token.name },
      before: { revokedAt: null },
      after: { revokedAt: now },
    });
  });
}

/** What a token is worth: the actor it acts as, or why it is refused. */
export type TokenCheck =
  | { tokenId: string; actor: Actor; refused?: undefined }
  | { refused: "invalid" }
  | { refused: "deactivated" }
  | { refused: "expired"; expiredAt: Date };

const INVALID: TokenCheck = Object.freeze({ refused: "invalid" as const });

export async function authenticatePlatformToken(token: string, now = Date.now()): Promise<TokenCheck> {
  if (!token.startsWith(PLATFORM_TOKEN_PREFIX) || token.length > 128) return INVALID;
  const record = await db().platformToken.findUnique({
    where: { hash: sha256Hex(token) },
    select: {
      id: true,
      expiresAt: true,
      revokedAt: true,
      user: { select: { id: true, roles: true, deactivatedAt: true, providerId: true } },
    },
  });
  if (!record || record.revokedAt) return INVALID;
  // A deactivated user's tokens stop with their sessions, and work again on reactivation.
  if (record.user.deactivatedAt) return { refused: "deactivated" };
  if (record.expiresAt.getTime() <= now) return { refused: "expired", expiredAt: record.expiresAt };
  noteUse(record.id, now);
  const holds = parseRoles(record.user.roles).filter(isPlatformRole);
  return {
    tokenId: record.id,
    // memberOf: a reviewer may not decide their own organisation's requests, whichever face they use.
    actor: {
      kind: "token",
      id: record.id,
      personId: record.user.id,
      holds,
      providerId: null,
      memberOf: record.user.providerId,
    },
  };
}

const lastUsedWrittenAt = new Map<string, number>();

function noteUse(tokenId: string, now: number): void {
  if (now - (lastUsedWrittenAt.get(tokenId) ?? 0) < LAST_USED_WRITE_MS) return;
  lastUsedWrittenAt.set(tokenId, now);
  db()
    .platformToken.update({ where: { id: tokenId }, data: { lastUsedAt: new Date(now) } })
    .catch((error: unknown) => log.warn({ err: error, tokenId }, "could not record a token's lastUsedAt"));
}
