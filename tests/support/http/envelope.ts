/**
 * Raw calls to the API over real HTTP (tests/api/contract/envelope*.test.ts) and the contract's failure
 * envelope, exactly, for every API test that expects a failure.
 */
import { expect, inject } from "vitest";

const baseUrl = inject("baseUrl");
export const keyA = inject("providerA").key;
export const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-8][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
export const LOOKUPS = "/api/ClientSetting/GetLookUpValues";
export const MiB = 1024 * 1024;

export interface Call {
  method?: string;
  key?: string;
  contentType?: string;
  body?: string | Uint8Array;
}

export async function call(path: string, { method = "POST", key, contentType, body }: Call = {}) {
  const headers: Record<string, string> = {};
  if (key !== undefined) headers["x-api-key"] = key;
  if (contentType !== undefined) headers["content-type"] = contentType;
  const response = await fetch(`${baseUrl}${path}`, { method, headers, body: body as BodyInit });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  // biome-ignore lint/suspicious/noExplicitAny: response bodies are probed field by field
  return { response, status: response.status, text, json: json as any };
}

export const lookup = (body: string | Uint8Array, contentType?: string, key: string = keyA) =>
  call(LOOKUPS, { key, contentType, body });

/** A reply as the tests' callers keep it: the status and the parsed body, and the response when kept. */
type FailureReply = { status: number; response?: Response } & ({ json: unknown } | { body: unknown });

/**
 * The contract's failure envelope, exactly: nothing more, nothing less (and JSON, when the reply
 * kept its response). `message` is any string unless given; answers the message.
 */
export function expectFailure<R extends FailureReply>(
  reply: R,
  status: number,
  type: string,
  title: string,
  message: string | null | RegExp = expect.any(String) as unknown as string,
): string | null {
  const json = "json" in reply ? reply.json : reply.body;
  expect(reply.status).toBe(status);
  if (reply.response) expect(reply.response.headers.get("content-type")).toMatch(/^application\/json\b/);
  expect(json).toStrictEqual({
    error: {
      guid: expect.stringMatching(UUID),
      code: status,
      type,
      title,
      message: message instanceof RegExp ? expect.stringMatching(message) : message,
    },
    data: null,
    status: "failed",
  });
  return (json as { error: { message: string | null } }).error.message;
}
