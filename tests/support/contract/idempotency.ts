/**
 * Write operations over real HTTP with an Idempotency-Key, and the raw answer (status, the replay and
 * Retry-After headers, the body's exact text) to compare a replay with the first answer. Shared by
 * tests/api/contract/idempotency*.test.ts.
 */
import { createHash } from "node:crypto";
import { inject } from "vitest";
import type { Json } from "../http/json-path";

const baseUrl = inject("baseUrl");

export const CREATE = "/api/DeliveryChannel/Create";
export const UPDATE = "/api/DeliveryChannel/Update";
export const UNSUBSCRIBE = "/api/Event/Unsubscribe";
export const DELIVERY_SYNC = "/api/Delivery/Sync";
export const DELIVERY_REQUEST_SYNC = "/api/DeliveryRequest/Sync";

export interface Answer {
  status: number;
  text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope is checked by each test
  json: any;
  replayed: string | null;
  retryAfter: string | null;
}

/** POSTs `body` as JSON with the API key and, unless undefined, the Idempotency-Key header. */
export async function post(
  path: string,
  body: Json,
  apiKey: string,
  idempotencyKey: string | undefined,
): Promise<Answer> {
  const headers: Record<string, string> = { "content-type": "application/json", "x-api-key": apiKey };
  if (idempotencyKey !== undefined) headers["idempotency-key"] = idempotencyKey;
  const response = await fetch(`${baseUrl}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
  const text = await response.text();
  return {
    status: response.status,
    text,
    json: JSON.parse(text),
    replayed: response.headers.get("idempotent-replayed"),
    retryAfter: response.headers.get("retry-after"),
  };
}

/** What the server stores as a request's fingerprint: SHA-256 of the body's bytes as `post` sends them. */
export const fingerprintOf = (body: Json) => createHash("sha256").update(JSON.stringify(body)).digest("hex");

/** The failure envelope's error, after checking the status and type. */
export function errorOf(answer: Answer, status: number, type: string) {
  if (answer.status !== status || answer.json.error?.type !== type) {
    throw new Error(`expected ${status} ${type}, got ${answer.status} ${answer.text.slice(0, 300)}`);
  }
  return answer.json.error as { code: number; type: string; title: string; message: string };
}
