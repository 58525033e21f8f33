/**
 * One provider API endpoint, independent of the server that runs it. An endpoint sees an ApiRequest
 * (method, headers, body bytes, path params) and answers an ApiResult in the contract's envelope.
 * Two thin adapters serve the same endpoints: Web Request/Response for Next's route files
 * (lib/api/next.ts) and node:http for the production fast path (server/api-fast-path.ts).
 */
import type { z } from "zod";
import { isOverloaded } from "../db";
import { DomainError } from "../domain/errors";
import {
  type ApiPrincipal,
  apiKeyActor,
  authenticateApiKey,
  authenticatePlatformToken,
  recordKeyRequest,
} from "../domain/keys";
import { type Actor, authorize, can, type Permission } from "../domain/permissions";
import { RETRY_AFTER_SECONDS, ServerBusy } from "../infrastructure/admission";
import { log } from "../log";
import { requestIdFrom, withRequestId } from "../request-context";
import { type ApiResult, failure, success } from "./answer-envelope";
import {
  ApiError,
  apiKeyExpired,
  apiKeyInvalid,
  apiKeyMissing,
  fromDomainError,
  internalError,
  methodNotAllowed,
  readOnlyKey,
  serverBusy,
  tokenExpired,
  tokenInvalid,
  tokenMissing,
} from "./api-errors";
import type { ApiRequest } from "./api-request";
import { idempotencyOf } from "./idempotency";
import { type BodyLimits, DEFAULT_BODY_LIMITS, parsedBody, withJsonBody } from "./json-body";
import { type ListMember, listBody } from "./json-list-body";
import { withinRateLimit } from "./rate-limit";
import { parseOrThrow } from "./validation";

export type HttpMethod = "GET" | "POST";

export type ApiHandler = (request: ApiRequest) => Promise<ApiResult>;

/**
 * Who may call: a provider with its API key, a platform user with a platform token (the platform
 * API, /api/platform/v1), or anyone (health tells nothing about a provider).
 */
export type EndpointAuth = "apiKey" | "platformToken" | "none";

/** A platform token's caller: the domain's actor (its user's current platform roles). */
export interface PlatformPrincipal {
  tokenId: string;
  actor: Actor;
}

type PrincipalOf<A extends EndpointAuth> = A extends "apiKey"
  ? ApiPrincipal
  : A extends "platformToken"
    ? PlatformPrincipal
    : undefined;

interface EndpointContext<Body, A extends EndpointAuth> {
  principal: PrincipalOf<A>;
  /** The key or the token as the domain's permission checks and audit trail see it. */
  actor: A extends "none" ? undefined : Actor;
  body: Body;
  params: Record<string, string>;
  /** The query string's parameters (the platform API's list filters). */
  query: URLSearchParams;
  /** The request's Idempotency-Key, on an operation that accepts one. */
  idempotencyKey: string | undefined;
}

export type BodyOf<S extends z.ZodType | undefined> = S extends z.ZodType ? z.infer<S> : undefined;

export interface EndpointDefinition<S extends z.ZodType | undefined, A extends EndpointAuth = "apiKey"> {
  method: HttpMethod;
  /** Default "apiKey". */
  auth?: A;
  body?: S;
  /** What the body may hold (DEFAULT_BODY_LIMITS unless the operation carries more, a send). */
  bodyLimits?: BodyLimits;
  /**
   * A member of the body read item by item (a send's deliveries, lib/api/json-list-body.ts): `run`
   * gets it as an ItemList (`length`, `slice`), not an array, whatever its type says.
   */
  bodyList?: ListMember;
  /** Added to every answer, failures included (health: no-store). */
  headers?: Record<string, string>;
  /** Accepts the Idempotency-Key header: a retry replays the first answer (lib/api/idempotency.ts). */
  idempotencyKey?: boolean;
  /**
   * What the operation does, from the permission table (lib/domain/permissions.ts); required with
   * auth "apiKey". A key whose scope lacks it is refused 403 before the body is read (a read key on
   * a write operation), and the reference documents that 403 from the same fact.
   */
  permission?: Permission;
  /** Returns the envelope's `data`, or a pre-serialized `data` JSON string via `{ rawData }`. */
  run: (context: EndpointContext<BodyOf<S>, A>) => Promise<unknown>;
}

/** HEAD is GET without a body (node:http leaves the body out), as load balancers expect. */
const methodMatches = (sent: string, defined: HttpMethod) =>
  sent === defined || (sent === "HEAD" && defined === "GET");

/**
 * The key's check, or the 401 without a known key. An expired key is known: its refusal goes to
 * its request log like any answer to it.
 */
async function authenticate(request: ApiRequest) {
  const key = request.header("x-api-key")?.trim();
  if (!key && bearerOf(request)?.startsWith("dcp_pat_"))
    throw apiKeyMissing(
      "A platform token is not accepted by the provider API: send the provider's x-api-key.",
    );
  if (!key) throw apiKeyMissing();
  const check = await authenticateApiKey(key);
  if (check.refused === "invalid") throw apiKeyInvalid();
  return check;
}

const BEARER = /^Bearer +(\S+) *$/i;
const bearerOf = (request: ApiRequest) => BEARER.exec(request.header("authorization") ?? "")?.[1];

/** The platform token's check, or the 401 without a known token (a provider key is not one). */
async function authenticateToken(request: ApiRequest) {
  const token = bearerOf(request);
  if (!token) {
    throw tokenMissing(
      request.header("x-api-key")
        ? "A provider API key is not accepted by the platform API: send Authorization: Bearer <platform token>."
        : "Send Authorization: Bearer <platform token>; a platform user issues one in the console (API tokens).",
    );
  }
  const check = await authenticatePlatformToken(token);
  if (check.refused === "invalid") throw tokenInvalid();
  if (check.refused === "deactivated") throw tokenInvalid("The token's user is deactivated.");
  if (check.refused === "expired") throw tokenExpired(check.expiredAt);
  return check;
}

/** The envelope's error guid of a failure (the error object comes first), for the key's request log. */
const GUID_AT = '{"error":{"guid":"'.length;
function errorGuidOf(result: ApiResult): string | null {
  if (result.status < 400 || !result.json.startsWith('{"error":{"guid":"')) return null;
  return result.json.slice(GUID_AT, result.json.indexOf('"', GUID_AT));
}

/** Every answer to a known key, this one place, goes to its request log (lib/infrastructure/key-request-buffer.ts). */
function logged(apiKeyId: string, request: ApiRequest, result: ApiResult): ApiResult {
  recordKeyRequest(apiKeyId, request, result.status, errorGuidOf(result));
  return result;
}

/** Whether a read key is refused by the operation: the 403 the reference documents. */
export const refusesReadKey = (permission: Permission | undefined) =>
  permission !== undefined && !can({ holds: ["key:read"] }, permission);

/**
 * The caller must hold the operation's permission, before its body is read: a read key on a write
 * operation gets the API's own 403, a platform token whose user's roles lack it the permission's.
 */
function authorizeCaller(actor: Actor, permission: Permission | undefined, request: ApiRequest): void {
  if (!permission) throw internalError();
  if (actor.holds.includes("key:read") && !can(actor, permission))
    throw readOnlyKey(request.method, request.path);
  authorize(actor, permission);
}

/** The envelope for whatever went wrong: the API's own errors, a broken domain rule, else a 500. */
function failureOf(error: unknown, request: ApiRequest): ApiResult {
  if (error instanceof ApiError) return failure(error, request);
  // Overload, not a fault: 503 with Retry-After, as admission's own refusal. A transaction past its
  // timeout under load (two 7 MB sends on a busy machine) answered 500 for a valid request, and
  // nothing of it was written.
  if (error instanceof ServerBusy || isOverloaded(error)) {
    const seconds = error instanceof ServerBusy ? error.retryAfterSeconds : RETRY_AFTER_SECONDS;
    if (!(error instanceof ServerBusy)) log.warn({ err: error }, "database overloaded: answered 503");
    const result = failure(serverBusy(seconds), request);
    return { ...result, headers: { ...result.headers, "retry-after": String(seconds) } };
  }
  if (error instanceof DomainError) {
    const result = failure(fromDomainError(error), request);
    if (error.retryAfterSeconds === undefined) return result;
    return { ...result, headers: { ...result.headers, "retry-after": String(error.retryAfterSeconds) } };
  }
  return failure(internalError(), request, error);
}

/**
 * Builds the handler: method check (405), API key (401, also for an expired key), the rate limit per
 * key (429, and its headers on every later answer), the key's scope (403 for a key whose scope
 * lacks the operation's permission), the Idempotency-Key header (400), content type and JSON (400/413),
 * the contract schema (400 naming fields), then the domain call, once per idempotency key. Anything
 * unexpected is a 500 whose details go to the log only. Every answer to a known key is logged for it.
 */
export function defineEndpoint<
  S extends z.ZodType | undefined = undefined,
  A extends EndpointAuth = "apiKey",
>(definition: EndpointDefinition<S, A> & { operationId: string }): ApiHandler {
  if (definition.auth !== "none" && !definition.permission)
    throw new Error(`Operation ${definition.operationId} needs a permission`);
  const serve = async (
    request: ApiRequest,
    principal: ApiPrincipal | PlatformPrincipal | undefined,
  ): Promise<ApiResult> => {
    try {
      const actor = principal && ("actor" in principal ? principal.actor : apiKeyActor(principal));
      if (actor) authorizeCaller(actor, definition.permission, request);
      const callerId = principal && ("apiKeyId" in principal ? principal.apiKeyId : principal.tokenId);
      const once =
        definition.idempotencyKey && callerId
          ? idempotencyOf(request, callerId, definition.operationId)
          : undefined;
      const run = (body: unknown) => {
        const perform = () =>
          definition
            .run({
              principal: principal as PrincipalOf<A>,
              actor: actor as A extends "none" ? undefined : Actor,
              body: body as BodyOf<S>,
              params: request.params,
              query: new URLSearchParams(request.query ?? ""),
              idempotencyKey: once?.key,
            })
            .then(success, (error: unknown) => failureOf(error, request));
        return once ? once.answer(perform, (error) => failureOf(error, request)) : perform();
      };
      const schema = definition.body;
      if (!schema) return await run(undefined);
      const list = definition.bodyList;
      return await withJsonBody(
        once?.request ?? request,
        list
          ? listBody(schema as unknown as z.ZodObject, list)
          : parsedBody((input) => parseOrThrow(schema, input)),
        definition.bodyLimits ?? DEFAULT_BODY_LIMITS,
        run,
      );
    } catch (error) {
      return failureOf(error, request);
    }
  };
  const answer: ApiHandler = async (request) => {
    let check: Awaited<ReturnType<typeof authenticate>>;
    try {
      if (!methodMatches(request.method, definition.method)) throw methodNotAllowed([definition.method]);
      if (definition.auth === "none") return serve(request, undefined);
      if (definition.auth === "platformToken") return await servePlatform(request);
      check = await authenticate(request);
    } catch (error) {
      return failureOf(error, request);
    }
    if (check.refused)
      return logged(check.apiKeyId, request, failure(apiKeyExpired(check.expiredAt), request));
    const { principal } = check;
    return logged(
      principal.apiKeyId,
      request,
      await withinRateLimit(
        principal.apiKeyId,
        () => serve(request, principal),
        (error) => failure(error, request),
      ),
    );
  };
  /** The platform API: the token's actor, and the rate limit per token as per key. */
  const servePlatform = async (request: ApiRequest): Promise<ApiResult> => {
    const { tokenId, actor } = await authenticateToken(request);
    return withinRateLimit(
      tokenId,
      () => serve(request, { tokenId, actor }),
      (error) => failure(error, request),
    );
  };
  const extra = definition.headers;
  // Each request runs under its request id (the caller's X-Request-Id when sane, else a new one),
  // which its audit entries carry and its answer names.
  return async (request) => {
    const requestId = requestIdFrom(request.header("x-request-id"));
    const result = await withRequestId(requestId, () => answer(request));
    return { ...result, headers: { ...result.headers, ...extra, "x-request-id": requestId } };
  };
}
