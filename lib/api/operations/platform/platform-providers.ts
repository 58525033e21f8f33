/** Providers: the console's provider list and page, creating one and issuing its key. */
import { z } from "zod";
import {
  anyObjectSchema,
  issuedKeySchema,
  newProviderSchema,
  pagedListSchema,
} from "../../../contract/platform/platform-answers";
import { newProviderBodySchema, pageOnlySchema } from "../../../contract/platform/platform-inputs";
import { notFound } from "../../../domain/errors";
import { regenerateApiKey } from "../../../domain/keys";
import {
  createProvider,
  PROVIDERS_PAGE_SIZE,
  providerForAdmin,
  providersOverview,
} from "../../../domain/providers";
import { CURSOR_PAGING, emptyPage, platformOperation } from "./define-platform-operation";

const EXAMPLE_PROVIDER_ID = "0193a1c2-7e1f-7000-8000-000000000003";
const EXAMPLE_KEY = "dcp_4vQ…(shown once)";

export const listProviders = platformOperation({
  operationId: "platformListProviders",
  method: "GET",
  permission: "console.read",
  path: "/providers",
  summary: "List providers",
  description: `The live providers by name, ${PROVIDERS_PAGE_SIZE} a page (${CURSOR_PAGING}), each with its counts and the prefixes of its active API keys.`,
  response: pagedListSchema,
  query: pageOnlySchema,
  run: ({ actor, filters }) => providersOverview(actor, filters),
  example: {
    ...emptyPage(PROVIDERS_PAGE_SIZE),
    total: 1,
    items: [{ id: EXAMPLE_PROVIDER_ID, name: "Acme Payments", apiKeys: [{ prefix: "dcp_4vQx1a" }] }],
  },
});

export const createProviderOperation = platformOperation({
  operationId: "platformCreateProvider",
  method: "POST",
  permission: "providers.manage",
  path: "/providers",
  summary: "Create a provider",
  description:
    "Creates a provider organisation and issues its first API key, returned this once. Needs the administrator role.",
  body: newProviderBodySchema,
  response: newProviderSchema,
  run: async ({ actor, body }) => {
    const provider = await createProvider(actor, body.name);
    return { id: provider.id, name: provider.name, key: await regenerateApiKey(actor, provider.id) };
  },
  requestExample: { name: "Acme Payments" },
  example: { id: EXAMPLE_PROVIDER_ID, name: "Acme Payments", key: EXAMPLE_KEY },
});

export const getProvider = platformOperation({
  operationId: "platformGetProvider",
  method: "GET",
  permission: "console.read",
  path: "/providers/{providerId}",
  summary: "Get a provider",
  description: "A provider with its users, API keys (never their text), subscriptions and channels.",
  params: z.object({ providerId: z.string() }),
  response: anyObjectSchema,
  run: async ({ actor, params }) => {
    const provider = await providerForAdmin(actor, params.providerId ?? "");
    if (!provider) throw notFound("No such provider.");
    return provider;
  },
  example: { id: EXAMPLE_PROVIDER_ID, name: "Acme Payments", users: [], apiKeys: [], channels: [] },
});

export const issueProviderKey = platformOperation({
  operationId: "platformIssueProviderKey",
  method: "POST",
  permission: "providers.manage",
  path: "/providers/{providerId}/keys",
  summary: "Issue (regenerate) a provider's API key",
  description:
    "Revokes the provider's active keys and issues a new one, returned this once, as the console's Regenerate does. Needs the administrator role. It takes no body.",
  params: z.object({ providerId: z.string() }),
  response: issuedKeySchema,
  run: async ({ actor, params }) => {
    const providerId = params.providerId ?? "";
    return { providerId, key: await regenerateApiKey(actor, providerId) };
  },
  example: { providerId: EXAMPLE_PROVIDER_ID, key: EXAMPLE_KEY },
});
