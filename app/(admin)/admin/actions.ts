"use server";
/** The admin console's actions: every one checks the administrator role on the server. */
import { decideInputSchema } from "@/lib/contract/decision";
import {
  newProviderSchema,
  newProviderUserSchema,
  regenerateKeySchema,
} from "@/lib/contract/forms/providers";
import { translationInputSchema } from "@/lib/contract/forms/translations";
import { createProvider, regenerateApiKey } from "@/lib/domain/api-keys";
import { decideRequest } from "@/lib/domain/approvals";
import { saveHumanTranslation } from "@/lib/domain/translations";
import { createUser, generatePassword } from "@/lib/domain/users";
import { defineAction } from "@/lib/portal/define-action";

export const decideAction = defineAction({
  role: "admin",
  permission: "channels.decide",
  input: decideInputSchema,
  run: async ({ requestId, decision }, admin) => {
    const result = await decideRequest(admin.actor, requestId, decision);
    return { state: result.state };
  },
  revalidate: { path: "/admin", type: "layout" },
});

export const saveTranslationAction = defineAction({
  role: "admin",
  permission: "translations.edit",
  input: translationInputSchema,
  run: async (translation, admin) => {
    await saveHumanTranslation(admin.actor, translation);
  },
  revalidate: ({ channelId }) => `/admin/channels/${channelId}`,
});

export const createProviderAction = defineAction({
  role: "admin",
  permission: "providers.manage",
  input: newProviderSchema,
  run: async ({ name }, admin) => {
    const provider = await createProvider(admin.actor, name);
    return { id: provider.id, key: await regenerateApiKey(admin.actor, provider.id) };
  },
  revalidate: "/admin/providers",
});

export const createProviderUserAction = defineAction({
  role: "admin",
  permission: "providers.manage",
  input: newProviderUserSchema,
  run: async (input) => {
    const password = generatePassword();
    const user = await createUser({ ...input, password, roles: ["owner"] });
    return { email: user.email, password };
  },
  revalidate: ({ providerId }) => `/admin/providers/${providerId}`,
});

export const regenerateKeyAction = defineAction({
  role: "admin",
  permission: "providers.manage",
  input: regenerateKeySchema,
  run: async ({ providerId }, admin) => ({ key: await regenerateApiKey(admin.actor, providerId) }),
  revalidate: ({ providerId }) => `/admin/providers/${providerId}`,
});
