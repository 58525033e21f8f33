"use server";
/** API keys of the signed-in user's organisation: issue (shown once) and revoke. */
import { newApiKeySchema, revokeApiKeySchema } from "@/lib/contract/forms/api-keys";
import { issueApiKey, revokeApiKey } from "@/lib/domain/api-keys";
import { notFound } from "@/lib/domain/errors";
import { defineAction } from "@/lib/portal/define-action";

export const createApiKeyAction = defineAction({
  role: "provider",
  input: newApiKeySchema,
  run: async ({ label }, user) => {
    const { key, record } = await issueApiKey(user.providerId, label);
    return { key, prefix: record.prefix };
  },
  revalidate: "/keys",
});

export const revokeApiKeyAction = defineAction({
  role: "provider",
  input: revokeApiKeySchema,
  run: async ({ apiKeyId }, user) => {
    // Scoped by the user's provider: another organisation's key id revokes nothing.
    if (!(await revokeApiKey(user.providerId, apiKeyId))) throw notFound("No such active key.");
  },
  revalidate: "/keys",
});
