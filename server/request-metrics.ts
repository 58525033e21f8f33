/**
 * The request metrics of the app server (lib/infrastructure/metrics.ts): each request's duration by
 * method, route and status, and the requests in flight. Only while METRICS_TOKEN is set: otherwise
 * nothing is measured and the server pays nothing (docs/performance.md).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { metrics } from "../lib/infrastructure/metrics";

/**
 * The route label of a request Next serves. Pages are one label: a label per page path would grow
 * with every channel and program id.
 */
function nextRoute(request: IncomingMessage): string {
  const url = request.url ?? "/";
  if (request.headers["next-action"]) return "portal (server action)";
  if (url.startsWith("/_next/")) return "/_next (assets)";
  if (url.startsWith("/api/auth")) return "/api/auth";
  if (url.startsWith("/api/openapi.json")) return "/api/openapi.json";
  return "portal (page)";
}

/** Methods as OpenTelemetry records them: any other is `_OTHER`, so a client cannot add labels. */
const KNOWN_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/**
 * Starts measuring a request; call the result with the route once it is known (the API's operation
 * template). The measurement ends when the response is sent or the client goes away.
 */
export function measureRequest(request: IncomingMessage, response: ServerResponse): (route: string) => void {
  const m = metrics();
  const started = performance.now();
  let route: string | undefined;
  m.activeRequests.inc();
  response.once("close", () => {
    m.activeRequests.dec();
    m.requestDuration.observe(
      {
        http_request_method: KNOWN_METHODS.has(request.method ?? "") ? request.method : "_OTHER",
        http_route: route ?? nextRoute(request),
        // 0: the client went away before an answer was sent.
        http_response_status_code: response.headersSent ? response.statusCode : 0,
      },
      (performance.now() - started) / 1000,
    );
  });
  return (known) => {
    route = known;
  };
}
