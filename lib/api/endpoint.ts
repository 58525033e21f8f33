/**
 * One provider API endpoint, independent of the server that runs it. An endpoint sees an ApiRequest
 * (method, headers, body bytes, path params) and answers an ApiResult in the contract's envelope.
 * Two thin adapters serve the same endpoints: Web Request/Response for Next's route files
 * (lib/api/next.ts) and node:http for the production fast path (server/api-fast-path.ts).
 */
import type { z } from "zod";
import { MAX_BODY_BYTES } from "../config";
import { authenticateApiKey, type ApiPrincipal } from "../domain/api-keys";
import { DomainError } from "../domain/errors";
import { log } from "../log";
import {
  ApiError,
  apiKeyInvalid,
  apiKeyMissing,
  fromDomainError,
  internalError,
  methodNotAllowed,
  unsupportedMediaType,
  validationError,
} from "./errors";
import { findUnstorableText } from "../contract/stored-text";
import { parseOrThrow } from "./validation";

export type HttpMethod = "GET" | "POST";

export interface ApiRequest {
  method: string;
  path: string;
  /** Header value by lower-case name. */
  header(name: string): string | undefined;
  /** The raw body, at most `limit` bytes; rejects with a 413 ApiError beyond that. */
  readBody(limit: number): Promise<Uint8Array>;
  params: Record<string, string>;
}

export interface ApiResult {
  status: number;
  /** Already-serialized JSON, so that static answers (lookups) are encoded once. */
  json: string;
  /** `json` already encoded as UTF-8, when the answer is static (lookups): sent as is. */
  bytes?: Uint8Array;
  headers?: Record<string, string>;
}

export type ApiHandler = (request: ApiRequest) => Promise<ApiResult>;

interface EndpointContext<Body> {
  principal: ApiPrincipal;
  body: Body;
  params: Record<string, string>;
}

interface EndpointDefinition<S extends z.ZodType | undefined> {
  method: HttpMethod;
  body?: S;
  /** Returns the envelope's `data`, or a pre-serialized `data` JSON string via `{ rawData }`. */
  run: (context: EndpointContext<S extends z.ZodType ? z.infer<S> : undefined>) => Promise<unknown>;
}

/** `{ rawData }` lets an endpoint hand over JSON it already serialized (served from memory). */
export interface RawData {
  rawData: string;
}
const isRawData = (value: unknown): value is RawData =>
  typeof value === "object" && value !== null && "rawData" in value;

const envelopeOf = (dataJson: string) => `{"error":null,"data":${dataJson},"status":"success"}`;
/** Static answers, enveloped and encoded once; keyed by the (few, long-lived) rawData strings. */
const staticAnswers = new Map<string, ApiResult>();

export function success(data: unknown): ApiResult {
  if (!isRawData(data)) return { status: 200, json: envelopeOf(JSON.stringify(data)) };
  let answer = staticAnswers.get(data.rawData);
  if (!answer) {
    const json = envelopeOf(data.rawData);
    answer = Object.freeze({ status: 200, json, bytes: Buffer.from(json) });
    if (staticAnswers.size < 64) staticAnswers.set(data.rawData, answer);
  }
  return answer;
}

export function failure(
  error: ApiError,
  request?: Pick<ApiRequest, "method" | "path">,
  cause?: unknown,
): ApiResult {
  const errorObject = error.toErrorObject();
  const fields = {
    guid: errorObject.guid,
    status: error.status,
    method: request?.method,
    path: request?.path,
  };
  if (error.status >= 500) log.error({ ...fields, err: cause }, error.title);
  else log.info({ ...fields, type: error.type, detail: error.detail }, error.title);
  const headers: Record<string, string> =
    error.status === 405 && error.detail ? { allow: error.detail.slice(9) } : {};
  return {
    status: error.status,
    json: JSON.stringify({ error: errorObject, data: null, status: "failed" }),
    headers,
  };
}

/** The contract's four content types; `application/*+json` is any +json subtype. Parameters allowed. */
export function isAcceptedJsonType(contentType: string | undefined): boolean {
  const mediaType = contentType?.split(";")[0]?.trim().toLowerCase();
  if (!mediaType) return false;
  return (
    mediaType === "application/json" ||
    mediaType === "text/json" ||
    /^application\/[a-z0-9!#$&^_.-]+\+json$/.test(mediaType)
  );
}

/** The `charset` parameter of a Content-Type, lower-cased and unquoted; undefined when absent. */
export function charsetOf(contentType: string | undefined): string | undefined {
  const match = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType ?? "");
  return match?.[1]?.toLowerCase();
}

const UTF8_DECODER = new TextDecoder("utf-8", { fatal: true });

/**
 * JSON is UTF-8 (RFC 8259): another declared charset, or bytes that are not UTF-8, are a 400 rather
 * than text silently decoded wrong. Then every string must be storable as sent (stored-text.ts).
 */
async function readJsonBody(request: ApiRequest): Promise<unknown> {
  const contentType = request.header("content-type");
  if (!isAcceptedJsonType(contentType)) throw unsupportedMediaType();
  const charset = charsetOf(contentType);
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    throw validationError([`charset ${charset.slice(0, 40)} is not supported: send the body as UTF-8`]);
  }
  const bytes = await request.readBody(MAX_BODY_BYTES);
  let text: string;
  try {
    text = UTF8_DECODER.decode(bytes).replace(/^\uFEFF/, "");
  } catch {
    throw validationError(["The request body is not valid UTF-8"]);
  }
  if (text.trim() === "") throw validationError(["The request body is empty"]);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw validationError(["The request body is not valid JSON"]);
  }
  const problem = findUnstorableText(body);
  if (problem)
    throw validationError([problem.path ? `${problem.path}: ${problem.message}` : problem.message]);
  return body;
}

async function authenticate(request: ApiRequest): Promise<ApiPrincipal> {
  const key = request.header("x-api-key")?.trim();
  if (!key) throw apiKeyMissing();
  const principal = await authenticateApiKey(key);
  if (!principal) throw apiKeyInvalid();
  return principal;
}

/**
 * Builds the handler: method check (405), API key (401), content type and JSON (400/413), the
 * contract schema (400 naming fields), then the domain call. Anything unexpected is a 500 whose
 * details go to the log only.
 */
export function defineEndpoint<S extends z.ZodType | undefined = undefined>(
  definition: EndpointDefinition<S>,
): ApiHandler {
  return async (request) => {
    try {
      if (request.method !== definition.method) throw methodNotAllowed([definition.method]);
      const principal = await authenticate(request);
      const body = definition.body ? parseOrThrow(definition.body, await readJsonBody(request)) : undefined;
      const data = await definition.run({
        principal,
        body: body as S extends z.ZodType ? z.infer<S> : undefined,
        params: request.params,
      });
      return success(data);
    } catch (error) {
      if (error instanceof ApiError) return failure(error, request);
      if (error instanceof DomainError) return failure(fromDomainError(error), request);
      return failure(internalError(), request, error);
    }
  };
}
