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

const NO_PARAMS: Record<string, string> = Object.freeze({}) as Record<string, string>;
const PARAMETER = /^(.*\/)\{(\w+)\}$/;

const exact = new Map<string, RouteMatch>();
const prefixed: { prefix: string; name: string; handler: ApiHandler }[] = [];
for (const operation of OPERATIONS) addRoute(operation);

function addRoute({ path, handler }: ApiOperation): void {
  const parameter = PARAMETER.exec(path);
  if (parameter) prefixed.push({ prefix: parameter[1]!, name: parameter[2]!, handler });
  else if (path.includes("{")) throw new Error(`${path}: only a last-segment parameter is supported`);
  else exact.set(path, { handler, params: NO_PARAMS });
}

/** The operation at this path (without query), or undefined when there is none. */
export function matchOperation(pathname: string): RouteMatch | undefined {
  const match = exact.get(pathname);
  if (match) return match;
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

/** Any other path under /api: a 404 in the envelope (not a redirect or an HTML page). */
export const unknownApiPath: ApiHandler = async (request) =>
  failure(notFound(`No API operation at ${request.path.slice(0, 200)}.`), request);
