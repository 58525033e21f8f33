/**
 * Safe retries: the Idempotency-Key header on the operations that accept it (`idempotencyKey: true`
 * in the table). The first request with a key runs and its answer is stored; a retry with the same
 * key and body replays that answer; a reuse for another body or operation is a 422; a retry while
 * the first still runs is a 409 with Retry-After. Storage and claims: lib/domain/request-guards/idempotency-store.ts.
 * The operation runs with the key's journal (lib/db/transaction-journal.ts): each transaction it
 * commits records its result in that same transaction, so a retry after a crash between the commit
 * and the stored answer replays the commit and answers the original success.
 */
import { createHash } from "node:crypto";
import { testFaultHooks } from "../config";
import { idempotencyKeyOf } from "../contract/idempotency-key";
import { type Journal, withJournal } from "../db";
import {
  CLAIM_RENEW_MS,
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotentRequest,
  releaseIdempotencyKey,
  renewIdempotencyClaim,
  type StoredAnswer,
} from "../domain/request-guards";
import { metrics } from "../infrastructure/metrics";
import { log } from "../log";
import {
  idempotencyKeyReused,
  invalidIdempotencyKey,
  requestAbandoned,
  requestInProgress,
} from "./api-errors";
import type { ApiRequest } from "./api-request";

/** An endpoint's answer: an ApiResult of lib/api/answer-envelope.ts (lib/api/endpoint.ts imports this module). */
type Answer = StoredAnswer & { headers?: Record<string, string> };

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
/** Tests only (TEST_FAULT_HOOKS): where a request should fail on purpose. */
const TEST_FAULT_HEADER = "x-test-fault";
/** A retry after this many seconds usually finds the first answer stored. */
const RETRY_AFTER_SECONDS = 1;

/** The key a request names: undefined without the header, a 400 when the header is not a valid key. */
export function parseIdempotencyKey(headerValue: string | undefined): string | undefined {
  if (headerValue === undefined) return undefined;
  const key = idempotencyKeyOf(headerValue);
  if (key === undefined) throw invalidIdempotencyKey();
  return key;
}

export interface Idempotency {
  /** The header's key, as the request named it. */
  key: string;
  /** The request whose body bytes are remembered as they are read, for the fingerprint. */
  request: ApiRequest;
  /** Runs `perform` once for the key, or answers for it (replay, 409, 422). */
  answer(perform: () => Promise<Answer>, failure: (error: Error) => Answer): Promise<Answer>;
}

/** The retry protection of a request that carries the header; undefined when it does not. */
export function idempotencyOf(
  request: ApiRequest,
  apiKeyId: string,
  operationId: string,
): Idempotency | undefined {
  const key = parseIdempotencyKey(request.header(IDEMPOTENCY_KEY_HEADER.toLowerCase()));
  if (key === undefined) return undefined;
  let body: Uint8Array = new Uint8Array();
  const hold = testFaultHooks() && request.header(TEST_FAULT_HEADER) === "hold-after-commit";
  return {
    key,
    request: { ...request, readBody: async (limit) => (body = await request.readBody(limit)) },
    answer: (perform, failure) => {
      const fingerprint = createHash("sha256").update(body).digest("hex");
      return answerOnce({ apiKeyId, key, operationId, fingerprint }, perform, failure, hold);
    },
  };
}

async function answerOnce(
  request: IdempotentRequest,
  perform: () => Promise<Answer>,
  failure: (error: Error) => Answer,
  hold: boolean,
): Promise<Answer> {
  const claim = await claimIdempotencyKey(request);
  if (claim.outcome === "replay") {
    metrics().idempotentReplays.inc();
    return { ...claim.answer, headers: { [REPLAYED_HEADER]: "true" } };
  }
  if (claim.outcome === "other_operation") return failure(idempotencyKeyReused("operation"));
  if (claim.outcome === "other_body") return failure(idempotencyKeyReused("body"));
  if (claim.outcome === "in_progress") {
    const result = failure(requestInProgress());
    return { ...result, headers: { ...result.headers, "retry-after": String(RETRY_AFTER_SECONDS) } };
  }
  if (claim.outcome === "abandoned") {
    // Stored like any answer: every later retry with the key hears the same, and nothing runs.
    const result = failure(requestAbandoned());
    await completeIdempotencyKey(request, { status: result.status, json: result.json });
    return result;
  }
  const journal: Journal = { apiKeyId: request.apiKeyId, key: request.key, entries: claim.journal, next: 0 };
  const renewing = setInterval(() => {
    renewIdempotencyClaim(request).catch((error: unknown) =>
      log.warn({ err: error, operationId: request.operationId }, "could not renew an idempotency claim"),
    );
  }, CLAIM_RENEW_MS);
  let result: Answer;
  try {
    result = await withJournal(journal, perform);
  } finally {
    clearInterval(renewing);
  }
  if (hold) await holdForever(request);
  await settle(request, result, journal.entries.length > 0);
  return result;
}

/**
 * The test seam of the crash between commit and answer (TEST_FAULT_HOOKS=true and the request's
 * `x-test-fault: hold-after-commit`): the operation has committed, its answer is not stored, and the
 * request is never answered, so a test can kill the process exactly there.
 */
async function holdForever(request: IdempotentRequest): Promise<never> {
  log.warn({ operationId: request.operationId, key: request.key }, "test fault: held after commit");
  return new Promise<never>(() => {});
}

/**
 * Stores the answer; a server failure is not stored but releases the key, so that a retry runs
 * afresh (replaying what the run committed, if anything). Storing failing is logged, not answered:
 * the operation's effect has happened, and until the claim's lease runs out a retry is told the
 * request is in progress.
 */
async function settle(request: IdempotentRequest, result: Answer, committed: boolean): Promise<void> {
  try {
    if (result.status >= 500) await releaseIdempotencyKey(request, committed);
    else await completeIdempotencyKey(request, { status: result.status, json: result.json });
  } catch (error) {
    log.error({ err: error, operationId: request.operationId }, "could not store an idempotent answer");
  }
}
