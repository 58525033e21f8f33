/**
 * Serving an ApiHandler from a Next.js route file: Web Request in, Web Response out. Every HTTP
 * method is exported so that a wrong method gets the contract's envelope (405), not Next's blank one.
 */
import { MAX_BODY_BYTES } from "../config";
import type { ApiHandler, ApiRequest, ApiResult } from "./endpoint";
import { payloadTooLarge } from "./errors";
import { log } from "../log";

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
  return {
    method: request.method,
    path: new URL(request.url).pathname,
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

type RouteContext = { params: Promise<Record<string, string | string[]>> };

/** All methods of a route file, bound to one endpoint. */
export function routeHandlers(handler: ApiHandler) {
  const serve = async (request: Request, context?: RouteContext) => {
    const started = performance.now();
    const raw = (await context?.params) ?? {};
    const params = Object.fromEntries(
      Object.entries(raw).map(([key, value]) => [key, Array.isArray(value) ? value.join("/") : value]),
    );
    const apiRequest = toApiRequest(request, params);
    const result = await handler(apiRequest);
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
