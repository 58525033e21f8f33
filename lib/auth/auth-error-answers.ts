/**
 * Every /api/auth error answers JSON in better-auth's own shape, `{ code, message }`, which its
 * browser client reads. The library's router answers an unknown path with an empty 404, and its
 * rate limiter a 429 with a message but no code; those are filled in here.
 */
import { STATUS_CODES } from "node:http";
import { metrics } from "../infrastructure/metrics";

interface ErrorBody {
  code?: unknown;
  message?: unknown;
}

function parsed(text: string): ErrorBody | null {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === "object" && value !== null && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}

/** "Too Many Requests" → "TOO_MANY_REQUESTS", the style of better-auth's own codes. */
const codeOf = (status: number) => (STATUS_CODES[status] ?? "Error").toUpperCase().replace(/[^A-Z]+/g, "_");

export async function withJsonErrors(request: Request, response: Response): Promise<Response> {
  if (response.status < 400) return response;
  if (response.status === 429) metrics().rateLimitRefusals.inc({ limit: "sign_in" });
  const text = await response.text();
  const body = parsed(text);
  const headers = new Headers(response.headers);
  headers.delete("content-length");
  if (typeof body?.code === "string" && typeof body.message === "string") {
    return new Response(text, { status: response.status, headers });
  }
  const path = new URL(request.url).pathname;
  const fallback =
    response.status === 404
      ? `No auth endpoint answers ${request.method} ${path}.`
      : STATUS_CODES[response.status];
  const message = typeof body?.message === "string" ? body.message : text.trim() || fallback || "Error";
  headers.set("content-type", "application/json");
  return new Response(JSON.stringify({ ...body, code: codeOf(response.status), message }), {
    status: response.status,
    headers,
  });
}
