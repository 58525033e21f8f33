"use server";
/** The admin console's actions: every one checks the administrator role on the server. */
import { decideInputSchema } from "@/lib/contract/decision";
import { newProviderSchema, regenerateKeySchema } from "@/lib/contract/forms/provider-forms";
import { translationInputSchema } from "@/lib/contract/forms/translation-forms";
import { inviteOwnerSchema } from "@/lib/contract/forms/user-forms";
import { decideChannelRequest } from "@/lib/domain/channels";
import { regenerateApiKey } from "@/lib/domain/keys";
import { createProvider } from "@/lib/domain/providers";
import { saveHumanTranslation } from "@/lib/domain/translations";
import { inviteUser } from "@/lib/domain/users";
import { defineAction } from "@/lib/portal/define-action";
import { requestOrigin } from "@/lib/portal/request-origin";

export const decideAction = defineAction({
  role: "admin",
  permission: "channels.decide",
  input: decideInputSchema,
  run: async ({ requestId, decision }, admin) => {
    const result = await decideChannelRequest(admin.actor, requestId, decision);
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

/** The organisation's owner is invited (the link shown once); the owner invites the rest on /team. */
export const inviteOwnerAction = defineAction({
  role: "admin",
  permission: "providers.manage",
  input: inviteOwnerSchema,
  run: async ({ providerId, email, name }, admin) => {
    const sent = await inviteUser(
      admin.actor,
      { email, name, roles: ["owner"], providerId },
      await requestOrigin(),
    );
    return { email: sent.email, link: sent.link };
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
