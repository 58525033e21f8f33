/**
 * From a request path to its operation, derived from the table (lib/api/operations). Exact paths are
 * one Map lookup; a path with `{parameter}` segments (the provider API's View, the platform API's
 * `/programs/{programId}/channels`) is matched segment by segment, each parameter decoded. A path
 * served by several methods (the platform API's GET and POST `/programs`) dispatches by method. The
 * fast path and the Next route file both route with this, so they cannot differ.
 */

import { failure } from "./answer-envelope";
import { methodNotAllowed, noSuchOperation } from "./api-errors";
import type { ApiHandler } from "./endpoint";
import type { ApiOperation } from "./operation";
import { OPERATIONS } from "./operations";

export interface RouteMatch {
  handler: ApiHandler;
  params: Record<string, string>;
  /** The operation's path template (OpenTelemetry's `http.route`): a metric label of few values. */
  route: string;
}

export type Route = Pick<ApiOperation, "method" | "path" | "handler">;

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const PARAMETER_SEGMENT = /^\{(\w+)\}$/;

/** A path with parameters: its text before the first one (a cheap first test), then its segments. */
interface Template {
  prefix: string;
  /** Literal segments as they are; parameter segments by name. */
  segments: ({ literal: string } | { name: string })[];
  handler: ApiHandler;
  route: string;
}

/**
 * The matcher of a table. Each method of a path is defined once: a second operation with the same
 * method and path (parameter names aside) is refused here, when the module loads, rather than
 * silently replacing the first.
 */
export function buildRouter(routes: readonly Route[]): (pathname: string) => RouteMatch | undefined {
  const byPath = new Map<string, { path: string; handlers: Map<string, ApiHandler> }>();
  for (const { method, path, handler } of routes) {
    const key = path.replace(/\{\w+\}/g, "{}");
    const entry = byPath.get(key) ?? { path, handlers: new Map() };
    if (entry.handlers.has(method))
      throw new Error(`${method} ${path} is defined twice in the operation table`);
    if (entry.path !== path) throw new Error(`${path} and ${entry.path} name their parameters differently`);
    entry.handlers.set(method, handler);
    byPath.set(key, entry);
  }
  const exact = new Map<string, RouteMatch>();
  const templates: Template[] = [];
  for (const { path, handlers } of byPath.values()) {
    const handler = byMethod(handlers);
    if (path.includes("{")) templates.push(templateOf(path, handler));
    else exact.set(path, { handler, params: NO_PARAMS, route: path });
  }
  return (pathname) => exact.get(pathname) ?? matchTemplate(templates, pathname);
}

/** One handler for the path: the operation of the request's method (HEAD is GET's), else a 405. */
function byMethod(handlers: Map<string, ApiHandler>): ApiHandler {
  if (handlers.size === 1) return [...handlers.values()][0]!;
  const allowed = [...handlers.keys()];
  return async (request) => {
    const handler = handlers.get(request.method === "HEAD" ? "GET" : request.method);
    return handler ? handler(request) : failure(methodNotAllowed(allowed), request);
  };
}

function templateOf(path: string, handler: ApiHandler): Template {
  const segments = path.split("/").map((segment) => {
    const parameter = PARAMETER_SEGMENT.exec(segment);
    if (!parameter && segment.includes("{")) throw new Error(`${path}: a parameter must be a whole segment`);
    return parameter ? { name: parameter[1]! } : { literal: segment };
  });
  return { prefix: path.slice(0, path.indexOf("{")), segments, handler, route: path };
}

function matchTemplate(templates: readonly Template[], pathname: string): RouteMatch | undefined {
  let parts: string[] | undefined;
  for (const { prefix, segments, handler, route } of templates) {
    if (!pathname.startsWith(prefix)) continue;
    parts ??= pathname.split("/");
    const params = paramsOf(segments, parts);
    if (params) return { handler, params, route };
  }
  return undefined;
}

/** The template's parameters in these segments, or undefined when they do not fit it. */
function paramsOf(
  segments: Template["segments"],
  parts: readonly string[],
): Record<string, string> | undefined {
  if (parts.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (let index = 0; index < segments.length; index++) {
    const segment = segments[index]!;
    const part = parts[index]!;
    if ("literal" in segment) {
      if (segment.literal !== part) return undefined;
    } else if (!part) return undefined;
    else params[segment.name] = decodeSegment(part);
  }
  return params;
}

/** A malformed %-escape stays raw: no record has it, so 404. */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** The operation at this path (without query), or undefined when there is none. */
export const matchOperation = buildRouter(OPERATIONS);

/** Any other path under /api: a 404 in the envelope (not a redirect or an HTML page). */
export const unknownApiPath: ApiHandler = async (request) =>
  failure(noSuchOperation(request.path.slice(0, 200)), request);
