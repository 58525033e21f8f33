/**
 * The contract's error responses, built in one place. Every failure carries a fresh guid that is
 * also written to the log line for that error, so a provider quoting it can be traced.
 */
import { randomUUID } from "node:crypto";
import type { ErrorObject } from "../contract/envelope-schema";
import { IDEMPOTENCY_KEY_MAX_LENGTH } from "../contract/idempotency-key";
import type { DomainError, DomainErrorKind } from "../domain/errors";
import { contentTypesText } from "./content-types";

const INVALID_BODY_SENTENCE =
  "The request body format is invalid. Please check it against the API specification.";

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly title: string,
    readonly detail: string | null,
    /**
     * A 5xx the service reports about its own state (not ready) rather than a fault: logged as a
     * warning, since a probe asks every few seconds and an error line would page someone each time.
     */
    readonly reportsState = false,
  ) {
    super(detail ?? title);
  }

  toErrorObject(guid = randomUUID()): ErrorObject {
    return { guid, code: this.status, type: this.type, message: this.detail, title: this.title };
  }
}

/** A 400 names at most this many problems, then "and N more": its size stays bounded whatever was sent. */
const MAX_NAMED_PROBLEMS = 20;

function listProblems(problems: string[]): string {
  const named = problems.slice(0, MAX_NAMED_PROBLEMS).join("; ");
  const more = problems.length - MAX_NAMED_PROBLEMS;
  return more > 0 ? `${named}; and ${more} more` : named;
}

/** 400 in the contract's ValidationError shape, with `message` as its text. */
const invalidBody = (message: string) =>
  new ApiError(400, "ValidationError", "Invalid Request Body", message);

/** 400: the body (or the request) does not conform; `problems` name the offending fields. */
export const validationError = (problems: string[] = []) =>
  invalidBody(problems.length ? `${INVALID_BODY_SENTENCE} ${listProblems(problems)}` : INVALID_BODY_SENTENCE);

/** 400 for a query parameter the operation does not take, or a value it refuses; names each. */
export const invalidQuery = (problems: string[]) =>
  new ApiError(
    400,
    "ValidationError",
    "Invalid Query Parameters",
    `The query parameters are invalid. Please check them against the API specification. ${listProblems(problems)}`,
  );

export const apiKeyMissing = (detail: string | null = null) =>
  new ApiError(401, "Unauthorized", "API Key is missing", detail);
export const apiKeyInvalid = () => new ApiError(401, "Unauthorized", "API Key is invalid", null);
/** 401 for a key past its expiry (set at creation or by a roll's grace end), like a revoked key. */
export const apiKeyExpired = (expiredAt: Date) =>
  new ApiError(
    401,
    "Unauthorized",
    "API Key has expired",
    `This API key expired at ${expiredAt.toISOString()}. Use its successor, or create a key in the portal (API keys).`,
  );
/** 401s of the platform API (Authorization: Bearer dcp_pat_…), in the same envelope. */
export const tokenMissing = (detail: string | null = null) =>
  new ApiError(401, "Unauthorized", "Platform token is missing", detail);
export const tokenInvalid = (detail: string | null = null) =>
  new ApiError(401, "Unauthorized", "Platform token is invalid", detail);
export const tokenExpired = (expiredAt: Date) =>
  new ApiError(
    401,
    "Unauthorized",
    "Platform token has expired",
    `This token expired at ${expiredAt.toISOString()}. Issue a new one in the console (API tokens).`,
  );
/**
 * Status, type and title of the answers that share their name with a kind of broken domain rule
 * (lib/domain/errors.ts): the domain raises those, the API's own refusals below reuse the shape.
 */
const ANSWER_OF = {
  forbidden: [403, "Forbidden", "Forbidden"],
  not_found: [404, "NotFound", "Not Found"],
  conflict: [409, "Conflict", "Conflict"],
  too_many: [429, "TooManyRequests", "Too Many Requests"],
} as const satisfies Record<Exclude<DomainErrorKind, "invalid">, readonly [number, string, string]>;
function answer(kind: keyof typeof ANSWER_OF, detail: string): ApiError {
  const [status, type, title] = ANSWER_OF[kind];
  return new ApiError(status, type, title, detail);
}

/** 403 for a read-only key calling an operation that changes something. */
export const readOnlyKey = (method: string, path: string) =>
  answer(
    "forbidden",
    `This API key is read-only (scope "read"): it may call only the operations that read (see the API reference), not ${method} ${path}. Use a key with scope "full".`,
  );
/** 404 for a path under /api that no operation serves. */
export const noSuchOperation = (path: string) => answer("not_found", `No API operation at ${path}.`);

/** The API's answer to a broken domain rule (a 429's Retry-After is the endpoint's to add). */
export function fromDomainError(error: DomainError): ApiError {
  if (error.kind === "invalid")
    return validationError([error.field ? `${error.field}: ${error.message}` : error.message]);
  return answer(error.kind, error.message);
}
export const methodNotAllowed = (allowed: string[]) =>
  new ApiError(405, "MethodNotAllowed", "Method Not Allowed", `Allowed: ${allowed.join(", ")}`);
/** 400: an Idempotency-Key header that is empty, too long or not visible ASCII. */
export const invalidIdempotencyKey = () =>
  new ApiError(
    400,
    "ValidationError",
    "Invalid Request Header",
    `The Idempotency-Key header must be 1 to ${IDEMPOTENCY_KEY_MAX_LENGTH} visible ASCII characters (a UUID is recommended).`,
  );
/** 409: the first request with this Idempotency-Key has not answered yet; answered with Retry-After. */
export const requestInProgress = () =>
  new ApiError(
    409,
    "RequestInProgress",
    "Request In Progress",
    "A request with this Idempotency-Key is in progress. Retry after it completes to receive its answer.",
  );
/**
 * 500, stored for the key: the request's earlier runs stopped their servers twice with nothing
 * written, so it is not run a third time (it would likely stop the next server too).
 */
export const requestAbandoned = () =>
  new ApiError(
    500,
    "RequestAbandoned",
    "Request Abandoned",
    "The server stopped while running the earlier requests with this Idempotency-Key, and nothing of them was written. It is not run again with this key: send it with a new Idempotency-Key.",
  );
/** 422: an Idempotency-Key reused for a different request. */
export const idempotencyKeyReused = (difference: "operation" | "body") =>
  new ApiError(
    422,
    "IdempotencyKeyReused",
    "Idempotency-Key Reused",
    `This Idempotency-Key was already used ${difference === "body" ? "with a different request body" : "for another operation"}. Use a new key for a new request.`,
  );
/** 429: the API key used up its requests of the current window; answered with Retry-After. */
export const tooManyRequests = (limit: number, windowSeconds: number, retryAfterSeconds: number) =>
  answer(
    "too_many",
    `This API key may make ${limit} requests per ${windowSeconds} s. Retry after ${retryAfterSeconds} s.`,
  );
export const payloadTooLarge = (limit: number) =>
  new ApiError(
    413,
    "PayloadTooLarge",
    "Payload Too Large",
    `The request body must be at most ${limit} bytes.`,
  );
export const unsupportedMediaType = () =>
  invalidBody(`${INVALID_BODY_SENTENCE} Content-Type must be ${contentTypesText()}.`);
/** 408: the body did not arrive in time; the connection is closed after the answer. */
export const bodyTimeout = (seconds: number) =>
  new ApiError(
    408,
    "RequestTimeout",
    "Request Timeout",
    `The request body did not arrive within ${seconds} s.`,
  );
/** The client closed the connection before its body arrived: nobody reads the answer, only the log. */
export const bodyIncomplete = () => invalidBody("The request body was not received completely.");
/** 503: heavy requests already hold the server's memory budget (lib/infrastructure/admission.ts); answered with Retry-After. */
export const serverBusy = (retryAfterSeconds: number) =>
  new ApiError(
    503,
    "ServerBusy",
    "Service Unavailable",
    `The server is busy with other large requests. Nothing was done: retry after ${retryAfterSeconds} s.`,
  );
export const internalError = () => new ApiError(500, "Exception", "Internal Server Error", null);
