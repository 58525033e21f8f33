"use server";
/** API keys of the signed-in user's organisation: issue (shown once), roll and revoke. */
import {
  newApiKeySchema,
  revokeApiKeySchema,
  rollApiKeySchema,
  utcInstant,
} from "@/lib/contract/forms/api-key-forms";
import { say } from "@/lib/contract/validation-messages";
import { notFound } from "@/lib/domain/errors";
import { createApiKey, revokeApiKey, rollApiKey } from "@/lib/domain/keys";
import { defineAction } from "@/lib/portal/define-action";

export const createApiKeyAction = defineAction({
  role: "provider",
  permission: "provider.keys.manage",
  input: newApiKeySchema,
  run: async ({ name, scope, expiresAt }, user) => {
    const expiry = expiresAt ? utcInstant(expiresAt) : null;
    const { key, record } = await createApiKey(user.actor, { name, scope, expiresAt: expiry });
    return { key, prefix: record.prefix, apiKeyId: record.id };
  },
  revalidate: { path: "/", type: "layout" },
});

export const rollApiKeyAction = defineAction({
  role: "provider",
  permission: "provider.keys.manage",
  input: rollApiKeySchema,
  // Scoped by the user's provider: another organisation's key id is not found.
  run: async ({ apiKeyId, graceEndsAt }, user) => {
    const { key, record } = await rollApiKey(user.actor, apiKeyId, utcInstant(graceEndsAt));
    return { key, prefix: record.prefix, apiKeyId: record.id };
  },
  revalidate: { path: "/", type: "layout" },
});

export const revokeApiKeyAction = defineAction({
  role: "provider",
  permission: "provider.keys.manage",
  input: revokeApiKeySchema,
  run: async ({ apiKeyId }, user) => {
    // Scoped by the user's provider: another organisation's key id revokes nothing.
    if (!(await revokeApiKey(user.actor, apiKeyId))) throw notFound(say("noSuchActiveKey"));
  },
  revalidate: { path: "/", type: "layout" },
});
