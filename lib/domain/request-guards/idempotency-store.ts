/**
 * Answers stored by the provider's idempotency key (docs/api.md "Retries and idempotency"): per API key,
 * for 24 h. A request claims its key by inserting the row — the primary key lets exactly one of
 * concurrent requests through — runs, and completes the row with its answer, which a retry then
 * replays. The API side (the header, the HTTP answers) is lib/api/idempotency.ts. The claim and the
 * answer, written on every such request, go through the drivers (lib/db/idempotency-writes.ts); the
 * rarer reads, takeovers, releases and the purge through Prisma.
 */
import { db, decodeJournal, insertIdempotencyClaim, storeIdempotentAnswer } from "../../db";
import { log } from "../../log";

/** How long a key is kept; after that it may be reused. */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
/**
 * An unfinished claim whose lease ran out is taken as abandoned (its process died) and may be claimed
 * again. A running request renews its lease every CLAIM_RENEW_MS (lib/api/idempotency.ts), however
 * long it runs, so the lease only has to outlast a pause of the event loop; a retry after a crash
 * waits at most this long for it.
 */
const CLAIM_LEASE_MS = 20_000;
export const CLAIM_RENEW_MS = 5_000;
/**
 * A claim abandoned this often with nothing committed is not run again: the request itself is
 * likely what stops its server, and running it once more would stop the next one.
 */
const MAX_ABANDONED = 2;
/** Expired keys are deleted by the requests themselves, at most this often per process. */
const PURGE_EVERY_MS = 10 * 60_000;

export interface IdempotentRequest {
  apiKeyId: string;
  key: string;
  operationId: string;
  /** SHA-256 of the body's bytes. */
  fingerprint: string;
}

export interface StoredAnswer {
  status: number;
  json: string;
}

export type Claim =
  /** Run it; `journal` holds what an earlier run of it committed (lib/db/transaction-journal.ts). */
  | { outcome: "claimed"; journal: string[] }
  /** Its earlier runs died with their servers, having written nothing: it is not run again. */
  | { outcome: "abandoned" }
  | { outcome: "replay"; answer: StoredAnswer }
  | { outcome: "in_progress" }
  | { outcome: "other_operation" }
  | { outcome: "other_body" };

const idOf = ({ apiKeyId, key }: IdempotentRequest) => ({ apiKeyId, key });

/** The claim itself: the primary key lets one of concurrent inserts through (lib/db/idempotency-writes.ts). */
function insertClaim(request: IdempotentRequest, now: Date): Promise<boolean> {
  return insertIdempotencyClaim({
    ...request,
    lockedUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
    createdAt: now,
    expiresAt: new Date(now.getTime() + IDEMPOTENCY_KEY_TTL_MS),
  });
}

/**
 * Takes over an unfinished claim whose lease ran out (its process died) or that was released with
 * something committed; of several takers, one gets it. A lapsed lease counts as abandoned.
 */
async function takeOver(
  request: IdempotentRequest,
  row: { lockedUntil: Date | null; abandoned: number; journal: string | null },
  now: Date,
): Promise<Claim> {
  const died = row.lockedUntil !== null;
  const { count } = await db().idempotencyKey.updateMany({
    where: { ...idOf(request), status: null, lockedUntil: died ? { lt: now } : null },
    data: {
      lockedUntil: new Date(now.getTime() + CLAIM_LEASE_MS),
      ...(died ? { abandoned: { increment: 1 } } : {}),
    },
  });
  if (count !== 1) return { outcome: "in_progress" };
  const journal = decodeJournal(row.journal);
  if (died && journal.length === 0 && row.abandoned + 1 >= MAX_ABANDONED) return { outcome: "abandoned" };
  return { outcome: "claimed", journal };
}

/** What an existing row means for this request; undefined when it is gone or expired (try again). */
async function judgeExisting(request: IdempotentRequest, now: Date): Promise<Claim | undefined> {
  const row = await db().idempotencyKey.findUnique({ where: { apiKeyId_key: idOf(request) } });
  if (!row) return undefined;
  if (row.expiresAt <= now) {
    await db().idempotencyKey.deleteMany({ where: { ...idOf(request), expiresAt: { lte: now } } });
    return undefined;
  }
  if (row.operationId !== request.operationId) return { outcome: "other_operation" };
  if (row.fingerprint !== request.fingerprint) return { outcome: "other_body" };
  if (row.status !== null && row.response !== null) {
    return { outcome: "replay", answer: { status: row.status, json: row.response } };
  }
  if (row.lockedUntil && row.lockedUntil >= now) return { outcome: "in_progress" };
  return takeOver(request, row, now);
}

/**
 * Claims the key for this request, or says why not: its answer is stored (replay), another request
 * with it is running, or it was used for another operation or body.
 */
export async function claimIdempotencyKey(request: IdempotentRequest, now = new Date()): Promise<Claim> {
  purgeNowAndThen(now);
  // A row that vanishes between the insert and the read (expired, or released after a failure) is
  // claimed afresh; a second race in a row is answered as in progress.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await insertClaim(request, now)) return { outcome: "claimed", journal: [] };
    const judged = await judgeExisting(request, now);
    if (judged) return judged;
  }
  return { outcome: "in_progress" };
}

/** Stores the answer of a claimed request: from now on a retry replays it. */
export async function completeIdempotencyKey(request: IdempotentRequest, answer: StoredAnswer) {
  await storeIdempotentAnswer({ ...idOf(request), status: answer.status, response: answer.json });
}

/**
 * Gives a claim up without an answer (the server failed): a retry with the key runs afresh. When
 * the run committed something, the row stays with its journal and no lease, so that the retry
 * replays what was committed instead of writing it twice.
 */
export async function releaseIdempotencyKey(request: IdempotentRequest, committedSomething: boolean) {
  if (committedSomething)
    await db().idempotencyKey.updateMany({
      where: { ...idOf(request), status: null },
      data: { lockedUntil: null },
    });
  else await db().idempotencyKey.deleteMany({ where: { ...idOf(request), status: null } });
}

/** Keeps a running request's claim from lapsing: its lease starts again from now. */
export async function renewIdempotencyClaim(request: IdempotentRequest, now = new Date()) {
  await db().idempotencyKey.updateMany({
    where: { ...idOf(request), status: null, lockedUntil: { not: null } },
    data: { lockedUntil: new Date(now.getTime() + CLAIM_LEASE_MS) },
  });
}

let purgedAt = 0;

function purgeNowAndThen(now: Date): void {
  if (now.getTime() - purgedAt < PURGE_EVERY_MS) return;
  purgedAt = now.getTime();
  db()
    .idempotencyKey.deleteMany({ where: { expiresAt: { lte: now } } })
    .catch((error: unknown) => log.warn({ err: error }, "could not purge expired idempotency keys"));
}
