/**
 * The platform API's operations (README "Platform API"): each is a `defineOperation` under
 * /api/platform/v1, tagged "Platform API", called with a platform token, and hands the domain the
 * token's actor. Writes accept an Idempotency-Key (kept per token); reads may be called by any role
 * the permission table lets read. Answers go through `wire`: amounts (bigint minor units) as text.
 */
import type { z } from "zod";
import { findUnstorableText } from "../../../contract/stored-text";
import type { Actor, Permission } from "../../../domain/permissions";
import type { PlatformPrincipal } from "../../endpoint";
import { notFound } from "../../errors";
import type { BodyLimits } from "../../json-body";
import type { ListMember } from "../../json-list-body";
import { type ApiOperation, defineOperation, type Examples } from "../../operation";
import { parseOrThrow } from "../../validation";

export const PLATFORM_PREFIX = "/api/platform/v1";
const TAG = "Platform API";

export interface PlatformContext<Body> {
  actor: Actor;
  body: Body;
  params: Record<string, string>;
  query: URLSearchParams;
  /** Per token; an operation that must be idempotent in the domain too (a send) scopes it by token. */
  idempotencyKey: string | undefined;
  tokenId: string;
}

interface PlatformOperation<S extends z.ZodType | undefined> {
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
  response: z.ZodType;
  run: (context: PlatformContext<S extends z.ZodType ? z.infer<S> : undefined>) => Promise<unknown>;
  /** The request body's example (writes with a body). */
  requestExample?: unknown;
  /** The envelope's data in the reference's example. */
  example: unknown;
}

export function platformOperation<S extends z.ZodType | undefined = undefined>(
  spec: PlatformOperation<S>,
): ApiOperation {
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
    response: spec.response,
    permission: spec.permission,
    idempotencyKey: write,
    run: async ({ principal, body, params, query, idempotencyKey }) => {
      // A NUL or a lone surrogate names no record, and PostgreSQL refuses it in a query.
      if (findUnstorableText(params)) throw notFound("No such record.");
      return wire(
        await spec.run({
          actor: (principal as PlatformPrincipal).actor,
          tokenId: (principal as PlatformPrincipal).tokenId,
          body: body as never,
          params,
          query,
          idempotencyKey,
        }),
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

/** The query's filters by the contract's schema: a wrong or unknown one is a 400 naming it. */
export const filtersOf = <T extends z.ZodType>(schema: T, query: URLSearchParams): z.infer<T> =>
  parseOrThrow(schema, Object.fromEntries(query));

/** JSON-safe data: bigint amounts (minor units) as decimal text, whatever their size. */
export function wire(value: unknown): unknown {
  if (typeof value === "bigint") return value.toString();
  if (value instanceof Date || value === null || typeof value !== "object") return value;
  if (Array.isArray(value)) return value.map(wire);
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, wire(item)]));
}
