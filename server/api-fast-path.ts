/**
 * Serves the provider API straight from node:http, without Next's request pipeline (which costs
 * ~0.9 ms of CPU per request here, see docs/performance.md "Performance"). It routes with the same table
 * (lib/api/routing.ts) as the route file in app/api, so both answer identically (tests/api/operations/operations.test.ts).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { type ApiResult, failure } from "../lib/api/answer-envelope";
import {
  type ApiError,
  bodyIncomplete,
  bodyTimeout,
  internalError,
  payloadTooLarge,
} from "../lib/api/api-errors";
import type { ApiRequest } from "../lib/api/api-request";
import { matchOperation, type RouteMatch, unknownApiPath } from "../lib/api/routing";
import { nameRequestSpan, tracing } from "../lib/infrastructure/tracing";
import { log } from "../lib/log";

const UNKNOWN: RouteMatch = { handler: unknownApiPath, params: {}, route: "/api (no such operation)" };

function route(pathname: string): RouteMatch | undefined {
  return matchOperation(pathname) ?? (isApiPath(pathname) ? UNKNOWN : undefined);
}

/** Paths Next serves under /api: sign-in (better-auth) and the OpenAPI document. */
const NEXT_API_PATHS = /^\/api\/(auth(\/|$)|openapi\.json$)/;

/**
 * Any other path under /api — a trailing slash, `//`, an empty View id, a typo — is answered here
 * with a 404 in the envelope; Next would answer with a 308 redirect or an HTML page.
 */
function isApiPath(pathname: string): boolean {
  // Next would redirect `//` and `\` (which browsers read as `/`) to the collapsed path.
  const collapsed = pathname.replace(/\\/g, "/").replace(/\/{2,}/g, "/");
  if (collapsed !== "/api" && !collapsed.startsWith("/api/")) return false;
  return pathname !== collapsed || !NEXT_API_PATHS.test(pathname);
}

/**
 * A sender that sends nothing for this long is refused (408): a client that stalls holds a slot of
 * the body gate. Counted from the last bytes that arrived, and only once the event loop has read
 * what the socket holds: a server busy with another large request for a few seconds must not take
 * its own delay for the client's (four concurrent 7 MB sends got 408 while the first was written).
 */
const BODY_IDLE_MS = 10_000;
/** However steadily it trickles, a body must be whole within this time. */
const BODY_TOTAL_MS = 60_000;

function readBody(request: IncomingMessage, limit: number): Promise<Uint8Array> {
  if (Number(request.headers["content-length"]) > limit) return Promise.reject(payloadTooLarge(limit));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const startedAt = Date.now();
    let lastDataAt = startedAt;
    let timer: NodeJS.Timeout | undefined;
    let done = false;
    const stop = (error: ApiError) => {
      done = true;
      clearTimeout(timer);
      request.removeAllListeners("data");
      request.resume(); // drain the rest so the connection can answer
      reject(error);
    };
    const check = () => {
      if (done) return;
      const now = Date.now();
      if (now - startedAt >= BODY_TOTAL_MS) return stop(bodyTimeout(BODY_TOTAL_MS / 1000));
      if (now - lastDataAt >= BODY_IDLE_MS) return stop(bodyTimeout(BODY_IDLE_MS / 1000));
      timer = setTimeout(
        later,
        Math.min(BODY_IDLE_MS - (now - lastDataAt), BODY_TOTAL_MS - (now - startedAt)),
      );
    };
    // Timers run before the loop reads its sockets: look again once it has (setImmediate).
    const later = () => setImmediate(check);
    timer = setTimeout(later, BODY_IDLE_MS);
    request.on("data", (chunk: Buffer) => {
      lastDataAt = Date.now();
      size += chunk.length;
      if (size > limit) stop(payloadTooLarge(limit));
      else chunks.push(chunk);
    });
    request.on("end", () => {
      done = true;
      clearTimeout(timer);
      resolve(Buffer.concat(chunks));
    });
    // A client that goes away mid-body is not a server error.
    request.on("error", () => stop(bodyIncomplete()));
  });
}

function toApiRequest(
  request: IncomingMessage,
  path: string,
  params: Record<string, string>,
  query: string,
): ApiRequest {
  return {
    method: request.method ?? "GET",
    path,
    query,
    header: (name) => {
      const value = request.headers[name];
      return Array.isArray(value) ? value.join(", ") : value;
    },
    readBody: (limit) => readBody(request, limit),
    params,
  };
}

function send(response: ServerResponse, result: ApiResult): void {
  // A static answer may come already encoded (an optional `bytes` beside `json`): encoding the 9 KB
  // lookups envelope on every request is about a third of that endpoint's CPU.
  const bytes = "bytes" in result && result.bytes instanceof Uint8Array ? result.bytes : undefined;
  const body = bytes ?? Buffer.from(result.json);
  response.writeHead(result.status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": body.length,
    ...result.headers,
  });
  response.end(body);
}

/**
 * Answers the request if it is a provider API path, and returns its route (the operation's path
 * template, for the request metrics); returns undefined to leave it to Next.
 */
export function serveApiFastPath(request: IncomingMessage, response: ServerResponse): string | undefined {
  const url = request.url ?? "/";
  const queryAt = url.indexOf("?");
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const match = route(pathname);
  if (!match) return undefined;
  // The request log line is at info: at LOG_LEVEL=warn (the usual production setting under load)
  // neither the clock nor the log fields cost anything.
  const logRequest = log.isLevelEnabled("info");
  const started = logRequest ? performance.now() : 0;
  const method = request.method ?? "GET";
  // With traces on, the request's server span (the http instrumentation's, active while it is
  // handled: its log lines and any event it queues carry its trace) gets its route; off, nothing runs.
  const span = tracing.on ? nameRequestSpan(method, match.route) : undefined;
  match
    .handler(toApiRequest(request, pathname, match.params, queryAt === -1 ? "" : url.slice(queryAt + 1)))
    .then((result) => {
      send(response, result);
      if (logRequest) {
        log.info(
          {
            method: request.method,
            path: pathname,
            status: result.status,
            ms: +(performance.now() - started).toFixed(2),
          },
          "request",
        );
      }
    })
    .catch((error: unknown) => {
      // Endpoints turn their own failures into envelopes; reaching here is a bug in this file.
      if (error instanceof Error) span?.recordException(error);
      if (!response.headersSent) {
        send(response, failure(internalError(), { method, path: pathname }, error));
      }
    });
  return match.route;
}
