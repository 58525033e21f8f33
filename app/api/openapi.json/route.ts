// GET /api/openapi.json: the OpenAPI 3.1 document generated from the operation table (lib/api/openapi).
// It changes only with a deploy: an ETag lets clients revalidate cheaply. Other methods: 405 envelope.
import { createHash } from "node:crypto";
import { failure } from "@/lib/api/answer-envelope";
import { methodNotAllowed } from "@/lib/api/api-errors";
import { toResponse } from "@/lib/api/next";
import { openApiJson } from "@/lib/api/openapi/document";

let etag: string | undefined;

export function GET(request: Request) {
  const json = openApiJson();
  etag ??= `"${createHash("sha256").update(json).digest("base64url").slice(0, 27)}"`;
  const headers = { etag, "cache-control": "no-cache", "access-control-allow-origin": "*" };
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });
  return new Response(json, { headers: { ...headers, "content-type": "application/json; charset=utf-8" } });
}

const notAllowed = (request: Request) =>
  toResponse(
    failure(methodNotAllowed(["GET"]), { method: request.method, path: new URL(request.url).pathname }),
  );

export {
  notAllowed as POST,
  notAllowed as PUT,
  notAllowed as PATCH,
  notAllowed as DELETE,
  notAllowed as OPTIONS,
};
