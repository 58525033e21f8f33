/**
 * The notifications no single change writes, found by looking (lib/jobs/notifier.ts runs them every
 * minute): an API key about to expire, a webhook endpoint the dispatcher disabled, and the reviewers'
 * digest of new channel requests. Each marks what it told of in the transaction that writes the mail,
 * by a conditional update, so that of several workers exactly one tells.
 */
import { reviewDigestMs } from "../../config";
import { REQUEST_TYPES, type RequestKind } from "../../contract/envelope-schema";
import type { MailKind } from "../../contract/mail-kinds";
import { db, type Tx, takeWriteLock } from "../../db";
import { EXPIRY_WARNING_DAYS } from "../keys";
import { channelName } from "../stored-channel-content";
import {
  DIGEST_LISTED,
  keyExpiringLetter,
  type LetterIn,
  reviewDigestLetter,
  webhookDisabledLetter,
} from "./letters";
import { providerRecipients, queueMail, usersWithRole } from "./mail";

const DAY_MS = 86_400_000;
/** Rows looked at per run: the next run takes the rest. */
const BATCH = 100;

/**
 * For each row, in a write transaction of its own: `claim` marks it told (a conditional update,
 * answering how many rows it changed); only the worker whose claim changed it mails the owners of its
 * provider. Answers how many rows were told of.
 */
async function tellOwnersOnce<Row extends { providerId: string }>(
  rows: Row[],
  kind: MailKind,
  claim: (tx: Tx, row: Row) => Promise<{ count: number }>,
  letter: (row: Row) => LetterIn,
): Promise<number> {
  let told = 0;
  for (const row of rows) {
    const done = await db().$transaction(async (tx) => {
      await takeWriteLock(tx);
      if ((await claim(tx, row)).count !== 1) return false;
      await queueMail(tx, kind, await providerRecipients(tx, row.providerId, "owner"), letter(row));
      return true;
    });
    if (done) told++;
  }
  return told;
}

/** Tells each live key's owners, once, that it expires within EXPIRY_WARNING_DAYS; answers how many keys. */
export async function warnExpiringKeys(now = new Date()): Promise<number> {
  const keys = await db().apiKey.findMany({
    where: {
      revokedAt: null,
      expiryWarnedAt: null,
      expiresAt: { gt: now, lte: new Date(now.getTime() + EXPIRY_WARNING_DAYS * DAY_MS) },
    },
    select: { id: true, name: true, prefix: true, expiresAt: true, providerId: true },
    take: BATCH,
  });
  return tellOwnersOnce(
    keys,
    "key_expiring",
    (tx, key) =>
      tx.apiKey.updateMany({ where: { id: key.id, expiryWarnedAt: null }, data: { expiryWarnedAt: now } }),
    (key) => keyExpiringLetter({ ...key, expiresAt: key.expiresAt! }),
  );
}

/** Tells the owners of each endpoint disabled since it was last told of; answers how many endpoints. */
export async function tellDisabledEndpoints(now = new Date()): Promise<number> {
  const disabled = await db().subscription.findMany({
    where: { disabledAt: { not: null }, disabledNoticeAt: null },
    select: { id: true, providerId: true, eventType: true, disabledReason: true },
    take: BATCH,
  });
  return tellOwnersOnce(
    disabled,
    "webhook_disabled",
    (tx, subscription) =>
      tx.subscription.updateMany({
        where: { id: subscription.id, disabledAt: { not: null }, disabledNoticeAt: null },
        data: { disabledNoticeAt: now },
      }),
    webhookDisabledLetter,
  );
}

const DIGEST = "review_digest";

/**
 * A request is stamped when it arrives, before its transaction commits: a digest's window closes this
 * long before the digest is made (longer than any write transaction lasts), so that no request
 * commits into a window already told of.
 */
const DIGEST_SETTLE_MS = 60_000;

/**
 * Once REVIEW_DIGEST_MINUTES have passed since the last digest's window ended, claims the next window
 * (up to DIGEST_SETTLE_MS before `now`) and mails every reviewer the live channel requests that
 * arrived in it and still wait; nothing when none did. Answers how many requests it told of.
 */
export async function sendReviewDigest(now = new Date()): Promise<number> {
  const until = new Date(now.getTime() - DIGEST_SETTLE_MS);
  return db().$transaction(async (tx) => {
    await takeWriteLock(tx);
    const { coveredUntil } = await tx.mailDigest.findUniqueOrThrow({ where: { kind: DIGEST } });
    if (coveredUntil && until.getTime() - coveredUntil.getTime() < reviewDigestMs()) return 0;
    const { count: claimed } = await tx.mailDigest.updateMany({
      where: { kind: DIGEST, coveredUntil },
      data: { coveredUntil: until },
    });
    if (claimed !== 1 || !coveredUntil) return 0;
    const arrived = { sandbox: false, state: "PENDING", requestedAt: { gt: coveredUntil, lte: until } };
    const count = await tx.channelRequest.count({ where: arrived });
    if (count === 0) return 0;
    const listed = await tx.channelRequest.findMany({
      where: arrived,
      orderBy: [{ requestedAt: "asc" }, { id: "asc" }],
      take: DIGEST_LISTED,
      select: {
        kind: true,
        body: true,
        channel: { select: { providerDeliveryChannelId: true, provider: { select: { name: true } } } },
      },
    });
    const requests = listed.map((request) => ({
      kind: REQUEST_TYPES[request.kind as RequestKind],
      channelName: channelName(request.body, request.channel.providerDeliveryChannelId),
      providerName: request.channel.provider.name,
    }));
    await queueMail(
      tx,
      DIGEST,
      await usersWithRole(tx, "reviewer", null),
      reviewDigestLetter(count, requests),
    );
    return count;
  });
}
