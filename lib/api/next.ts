/**
 * Serving the operation table from Next.js (`next dev`, `next start`): Web Request in, Web Response
 * out, routed by path exactly as the fast path routes (lib/api/routing.ts). Every HTTP method is
 * exported so that a wrong method gets the contract's envelope (405), not Next's blank one.
 */
import { MAX_BODY_BYTES } from "../config";
import { log } from "../log";
import type { ApiResult } from "./answer-envelope";
import { payloadTooLarge } from "./api-errors";
import type { ApiRequest } from "./api-request";
import { matchOperation, unknownApiPath } from "./routing";

async function readLimited(request: Request, limit: number): Promise<Uint8Array> {
  const declared = Number(request.headers.get("content-length"));
  if (declared > limit) throw payloadTooLarge(limit);
  if (!request.body) return new Uint8Array();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for await (const chunk of request.body as unknown as AsyncIterable<Uint8Array>) {
    size += chunk.byteLength;
    if (size > limit) throw payloadTooLarge(limit);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

export function toApiRequest(request: Request, params: Record<string, string> = {}): ApiRequest {
  const url = new URL(request.url);
  return {
    method: request.method,
    path: url.pathname,
    query: url.search.slice(1),
    header: (name) => request.headers.get(name) ?? undefined,
    readBody: (limit = MAX_BODY_BYTES) => readLimited(request, limit),
    params,
  };
}

export function toResponse(result: ApiResult): Response {
  return new Response(result.json, {
    status: result.status,
    headers: { "content-type": "application/json; charset=utf-8", ...result.headers },
  });
}

/** All methods of the API's route file: the operation at the request's path, or the 404 envelope. */
export function apiRouteHandlers() {
  const serve = async (request: Request) => {
    const started = performance.now();
    const pathname = new URL(request.url).pathname;
    const match = matchOperation(pathname);
    const apiRequest = toApiRequest(request, match?.params ?? {});
    const result = await (match?.handler ?? unknownApiPath)(apiRequest);
    log.info(
      {
        method: request.method,
        path: apiRequest.path,
        status: result.status,
        ms: Math.round(performance.now() - started),
      },
      "request",
    );
    return toResponse(result);
  };
  return { GET: serve, POST: serve, PUT: serve, PATCH: serve, DELETE: serve, HEAD: serve, OPTIONS: serve };
}
