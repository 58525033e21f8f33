/**
 * One API operation, written once: where it is served (method, path), who may call it, its schemas,
 * what it does (`run`) and how the reference describes it. The table of them (lib/api/operations)
 * is what the route file, the node:http fast path and the OpenAPI document are derived from.
 */
import type { ResponseConfig } from "@asteasolutions/zod-to-openapi";
import type { z } from "zod";
import { type ApiHandler, defineEndpoint, type EndpointAuth, type EndpointDefinition } from "./endpoint";
import type { ApiTag } from "./openapi/tags";

export type Examples = Record<string, { summary: string; value: unknown }>;

/** What the reference shows beyond the schemas; built only when the document is generated. */
export interface OperationDocs {
  /** The request body's description and example (operations with a body). */
  request?: { description: string; example: unknown };
  /** Component name of the success envelope, e.g. CreateChannelResponse. */
  responseId: string;
  ok: { description: string; examples: Examples };
  /** A body the API refuses: what parsing it really answers becomes the 400 example. */
  invalidBody?: unknown;
  /** Responses besides those every operation of its kind has (200, 400, 401, 413, 500), or overriding them. */
  responses?: Record<number, ResponseConfig>;
}

export interface OperationDefinition<S extends z.ZodType | undefined, A extends EndpointAuth>
  extends EndpointDefinition<S, A> {
  operationId: string;
  /** As OpenAPI writes it; a `{name}` last segment is a path parameter, handed to `run` as `params`. */
  path: string;
  tag: ApiTag;
  summary: string;
  description: string;
  /** The path parameters' schema, for the reference. */
  params?: z.ZodObject;
  /** The query parameters' schema, for the reference (the operation parses the query with it). */
  query?: z.ZodObject;
  /** The envelope's `data` on success. */
  response: z.ZodType;
  /** false: served, but not part of the provider reference (health is for load balancers). */
  published?: boolean;
  docs: () => OperationDocs;
}

/** An operation of the table: its definition without the typed `run`, and the handler built from it. */
export type ApiOperation = Omit<OperationDefinition<z.ZodType | undefined, EndpointAuth>, "run"> & {
  auth: EndpointAuth;
  handler: ApiHandler;
};

export function defineOperation<
  S extends z.ZodType | undefined = undefined,
  A extends EndpointAuth = "apiKey",
>(definition: OperationDefinition<S, A>): ApiOperation {
  const { run: _run, ...described } = definition;
  return { ...described, auth: definition.auth ?? "apiKey", handler: defineEndpoint(definition) };
}
