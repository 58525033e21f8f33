/** The provider API as the e2e tests call it: with a provider account's API key, through Playwright. */
import { type APIRequestContext, expect } from "@playwright/test";
import type { ProviderAccount } from "./accounts";

type Keyed = Pick<ProviderAccount, "apiKey">;

/** POSTs `data` as JSON to `path` with the account's API key. */
export const postAsProvider = (request: APIRequestContext, provider: Keyed, path: string, data: unknown) =>
  request.post(path, { headers: { "x-api-key": provider.apiKey }, data });

/** Creates a channel over the API and expects the success envelope. */
export async function createThroughApi(request: APIRequestContext, provider: Keyed, data: unknown) {
  const response = await postAsProvider(request, provider, "/api/DeliveryChannel/Create", data);
  expect((await response.json()).status).toBe("success");
}

/** The View data of channel `id` over the API. */
export async function viewThroughApi(request: APIRequestContext, provider: Keyed, id: string) {
  const response = await request.get(`/api/DeliveryChannel/Get/${id}`, {
    headers: { "x-api-key": provider.apiKey },
  });
  return (await response.json()).data;
}
