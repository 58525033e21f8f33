/**
 * Safe retries: the Idempotency-Key header on the operations that accept it (`idempotencyKey: true`
 * in the table). The first request with a key runs and its answer is stored; a retry with the same
 * key and body replays that answer; a reuse for another body or operation is a 422; a retry while
 * the first still runs is a 409 with Retry-After. Storage and claims: lib/domain/idempotency.ts.
 */
import { createHash } from "node:crypto";
import { idempotencyKeyOf } from "../contract/idempotency-key";
import {
  claimIdempotencyKey,
  completeIdempotencyKey,
  type IdempotentRequest,
  releaseIdempotencyKey,
  type StoredAnswer,
} from "../domain/idempotency";
import { log } from "../log";
import { idempotencyKeyReused, invalidIdempotencyKey, requestInProgress } from "./errors";
import type { ApiRequest } from "./request";

/** An endpoint's answer: an ApiResult of lib/api/envelope.ts (lib/api/endpoint.ts imports this module). */
type Answer = StoredAnswer & { headers?: Record<string, string> };

export const IDEMPOTENCY_KEY_HEADER = "Idempotency-Key";
export const REPLAYED_HEADER = "Idempotent-Replayed";
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
  return {
    key,
    request: { ...request, readBody: async (limit) => (body = await request.readBody(limit)) },
    answer: (perform, failure) => {
      const fingerprint = createHash("sha256").update(body).digest("hex");
      return answerOnce({ apiKeyId, key, operationId, fingerprint }, perform, failure);
    },
  };
}

async function answerOnce(
  request: IdempotentRequest,
  perform: () => Promise<Answer>,
  failure: (error: Error) => Answer,
): Promise<Answer> {
  const claim = await claimIdempotencyKey(request);
  if (claim.outcome === "replay") return { ...claim.answer, headers: { [REPLAYED_HEADER]: "true" } };
  if (claim.outcome === "other_operation") return failure(idempotencyKeyReused("operation"));
  if (claim.outcome === "other_body") return failure(idempotencyKeyReused("body"));
  if (claim.outcome === "in_progress") {
    const result = failure(requestInProgress());
    return { ...result, headers: { ...result.headers, "retry-after": String(RETRY_AFTER_SECONDS) } };
  }
  const result = await perform();
  await settle(request, result);
  return result;
}

/**
 * Stores the answer; a server failure is not stored but releases the key, so that a retry runs
 * afresh. Storing failing is logged, not answered: the operation's effect has happened, and until the
 * claim's lease runs out a retry is told the request is in progress.
 */
async function settle(request: IdempotentRequest, result: Answer): Promise<void> {
  try {
    if (result.status >= 500) await releaseIdempotencyKey(request);
    else await completeIdempotencyKey(request, { status: result.status, json: result.json });
  } catch (error) {
    log.error({ err: error, operationId: request.operationId }, "could not store an idempotent answer");
  }
}
