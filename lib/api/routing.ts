/**
 * From a request path to its operation, derived from the table (lib/api/operations). Exact paths are
 * one Map lookup; a path ending in a `{parameter}` (View) is matched by its prefix and its last
 * segment decoded. The fast path and the Next route file both route with this, so they cannot differ.
 */
import { type ApiHandler, failure } from "./endpoint";
import { notFound } from "./errors";
import type { ApiOperation } from "./operation";
import { OPERATIONS } from "./operations";

export interface RouteMatch {
  handler: ApiHandler;
  params: Record<string, string>;
}

export type Route = Pick<ApiOperation, "method" | "path" | "handler">;

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const PARAMETER = /^(.*\/)\{(\w+)\}$/;

/**
 * The matcher of a table. A path is served by one operation, whose handler answers 405 to other
 * methods, so a second operation on the same path (whatever its method) is refused here, when the
 * module loads, rather than silently replacing the first.
 */
export function buildRouter(routes: readonly Route[]): (pathname: string) => RouteMatch | undefined {
  const exact = new Map<string, RouteMatch>();
  const prefixed: { prefix: string; name: string; handler: ApiHandler }[] = [];
  const methodAt = new Map<string, string>();
  for (const { method, path, handler } of routes) {
    const parameter = PARAMETER.exec(path);
    if (!parameter && path.includes("{"))
      throw new Error(`${path}: only a last-segment parameter is supported`);
    claimPath(methodAt, parameter ? `${parameter[1]}{}` : path, { method, path });
    if (parameter) prefixed.push({ prefix: parameter[1]!, name: parameter[2]!, handler });
    else exact.set(path, { handler, params: NO_PARAMS });
  }
  return (pathname) => exact.get(pathname) ?? matchPrefixed(prefixed, pathname);
}

/** Records the path (a parameter path by its prefix) as served, or throws if it already is. */
function claimPath(
  methodAt: Map<string, string>,
  key: string,
  { method, path }: Omit<Route, "handler">,
): void {
  const taken = methodAt.get(key);
  if (taken === method) throw new Error(`${method} ${path} is defined twice in the operation table`);
  if (taken) throw new Error(`${path} has both ${taken} and ${method}: one operation per path is supported`);
  methodAt.set(key, method);
}

function matchPrefixed(
  prefixed: readonly { prefix: string; name: string; handler: ApiHandler }[],
  pathname: string,
): RouteMatch | undefined {
  for (const { prefix, name, handler } of prefixed) {
    if (!pathname.startsWith(prefix)) continue;
    const segment = pathname.slice(prefix.length);
    if (!segment || segment.includes("/")) continue;
    let value = segment; // a malformed %-escape stays raw: no channel has it, so 404
    try {
      value = decodeURIComponent(segment);
    } catch {}
    return { handler, params: { [name]: value } };
  }
  return undefined;
}

/** The operation at this path (without query), or undefined when there is none. */
export const matchOperation = buildRouter(OPERATIONS);

/** Any other path under /api: a 404 in the envelope (not a redirect or an HTML page). */
export const unknownApiPath: ApiHandler = async (request) =>
  failure(notFound(`No API operation at ${request.path.slice(0, 200)}.`), request);
