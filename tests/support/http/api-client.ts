/** The provider API over real HTTP, for domain tests that mix API calls with console decisions. */
import { inject } from "vitest";

export interface ApiReply {
  status: number;
  // biome-ignore lint/suspicious/noExplicitAny: the envelope's data is checked by each test
  body: { error: unknown; data: any; status: string };
}

async function call(path: string, key: string, body?: unknown): Promise<ApiReply> {
  const response = await fetch(`${inject("baseUrl")}${path}`, {
    method: body === undefined ? "GET" : "POST",
    headers: { "x-api-key": key, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

export const apiCreate = (key: string, body: unknown) => call("/api/DeliveryChannel/Create", key, body);
export const apiUpdate = (key: string, body: unknown) => call("/api/DeliveryChannel/Update", key, body);
export const apiView = (key: string, id: string) =>
  call(`/api/DeliveryChannel/Get/${encodeURIComponent(id)}`, key);
