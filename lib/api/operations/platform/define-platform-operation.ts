/**
 * The platform API's operations (docs/platform-api.md "Platform API"): each is a `defineOperation` under
 * /api/platform/v1, tagged "Platform API", called with a platform token, and hands the domain the
 * token's actor. Writes accept an Idempotency-Key (kept per token); reads may be called by any role
 * the permission table lets read. Answers go through `wire`: amounts (bigint minor units) as text.
 */
import type { z } from "zod";
import { findUnstorableText } from "../../../contract/stored-text";
import { DomainError, notFound } from "../../../domain/errors";
import type { Actor, Permission } from "../../../domain/permissions";
import { invalidQuery } from "../../api-errors";
import type { PlatformPrincipal } from "../../endpoint";
import type { BodyLimits } from "../../json-body";
import type { ListMember } from "../../json-list-body";
import { type ApiOperation, defineOperation, type Examples } from "../../operation";
import { parseQueryOrThrow } from "../../validation";

export const PLATFORM_PREFIX = "/api/platform/v1";
const TAG = "Platform API";

export interface PlatformContext<Body, Filters> {
  actor: Actor;
  body: Body;
  params: Record<string, string>;
  /** The query parsed by the operation's `query` schema (undefined without one). */
  filters: Filters;
  /** Per token; an operation that must be idempotent in the domain too (a send) scopes it by token. */
  idempotencyKey: string | undefined;
  tokenId: string;
}

interface PlatformOperation<S extends z.ZodType | undefined, Q extends z.ZodObject | undefined> {
  operationId: string;
  method: "GET" | "POST";
  /** Below /api/platform/v1, e.g. `/programs/{programId}/channels`. */
  path: string;
  summary: string;
  description: string;
  /** From the permission table: the token's user must hold it, checked before the body is read. */
  permission: Permission;
  body?: S;
  /** A body larger than the provider API's (a send of 10,000 deliveries). */
  bodyLimits?: BodyLimits;
  /** A member of the body read item by item (lib/api/json-list-body.ts). */
  bodyList?: ListMember;
  params?: z.ZodObject;
  /**
   * The query's parameters (filters, paging cursors), each documented in the reference and parsed
   * before `run`: a wrong or unknown one is a 400 naming it.
   */
  query?: Q;
  response: z.ZodType;
  run: (
    context: PlatformContext<
      S extends z.ZodType ? z.infer<S> : undefined,
      Q extends z.ZodObject ? z.infer<Q> : undefined
    >,
  ) => Promise<unknown>;
  /** The request body's example (writes with a body). */
  requestExample?: unknown;
  /** The envelope's data in the reference's example. */
  example: unknown;
}

export function platformOperation<
  S extends z.ZodType | undefined = undefined,
  Q extends z.ZodObject | undefined = undefined,
>(spec: PlatformOperation<S, Q>): ApiOperation {
  const write = spec.method === "POST";
  return defineOperation<S, "platformToken">({
    operationId: spec.operationId,
    method: spec.method,
    path: PLATFORM_PREFIX + spec.path,
    auth: "platformToken",
    tag: TAG,
    summary: spec.summary,
    description: spec.description,
    body: spec.body,
    bodyLimits: spec.bodyLimits,
    bodyList: spec.bodyList,
    params: spec.params,
    query: spec.query,
    response: spec.response,
    permission: spec.permission,
    idempotencyKey: write,
    run: async ({ principal, body, params, query, idempotencyKey }) => {
      // A NUL or a lone surrogate names no record, and PostgreSQL refuses it in a query.
      if (findUnstorableText(params)) throw notFound("No such record.");
      return wire(
        await queryRulesAsQueryErrors(spec.query, () =>
          spec.run({
            actor: (principal as PlatformPrincipal).actor,
            tokenId: (principal as PlatformPrincipal).tokenId,
            body: body as never,
            params,
            filters: (spec.query ? parseQueryOrThrow(spec.query, query) : undefined) as never,
            idempotencyKey,
          }),
        ),
      );
    },
    docs: () => ({
      ...(spec.body && {
        request: { description: "The request body.", example: spec.requestExample ?? {} },
      }),
      responseId: `${spec.operationId[0]!.toUpperCase()}${spec.operationId.slice(1)}Response`,
      ok: {
        description: spec.summary,
        examples: { ok: { summary: spec.summary, value: spec.example } } as Examples,
      },
    }),
  });
}

/**
 * A domain rule broken by a query parameter (a cursor this list never gave) is a query error, as
 * the schema's own refusals are: one title for whatever is wrong with the query.
 */
async function queryRulesAsQueryErrors<T>(query: z.ZodObject | undefined, run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (!(error instanceof DomainError) || error.kind !== "invalid") throw error;
    if (query && error.field && error.field in query.shape)
      throw invalidQuery([`${error.field}: ${error.message}`]);
    throw error;
  }
}

/** How every paged list of the platform API pages, for its description. */
export const CURSOR_PAGING = "`?after=` the answer's `next`, `?before=` its `previous`";

/** An empty page of a list, for the reference's examples. */
export const emptyPage = (pageSize: number) => ({
  total: 0,
  totalCapped: false,
  pageSize,
  next: null,
  previous: null,
});

/** JSON-safe data: bigint amounts (minor units) as decimal text, whatever their size. */
export function wire(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(wire);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wire(item)]));
}
