"use server";
/** The admin console's actions: every one checks the administrator role on the server. */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireAdmin } from "@/lib/auth/session";
import { createProvider, regenerateApiKey } from "@/lib/domain/api-keys";
import { decideRequest } from "@/lib/domain/approvals";
import { MAX_TRANSLATION_LENGTH, TRANSLATED_FIELDS, saveHumanTranslation } from "@/lib/domain/translations";
import { createUser, generatePassword } from "@/lib/domain/users";
import { type ActionResult, parseInput, runAction, succeed, idArgument } from "@/lib/portal/action-result";
import { decisionSchema } from "@/lib/contract/decision";

export async function decideAction(
  requestId: string,
  decision: unknown,
): Promise<ActionResult<{ state: string }>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const parsed = parseInput(decisionSchema, decision);
    if ("failure" in parsed) return parsed.failure;
    const result = await decideRequest(
      { id: admin.id, providerId: admin.providerId },
      idArgument(requestId),
      parsed.data,
    );
    revalidatePath("/admin", "layout");
    return succeed({ state: result.state });
  });
}

const translationSchema = z.object({
  channelId: z.string(),
  field: z.enum(TRANSLATED_FIELDS),
  language: z.string().regex(/^[A-Z]{2}$/, "a two-letter language code"),
  text: z
    .string()
    .trim()
    .min(1, "Enter the translation")
    .max(MAX_TRANSLATION_LENGTH, `at most ${MAX_TRANSLATION_LENGTH} characters`),
});

export async function saveTranslationAction(input: unknown): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    const parsed = parseInput(translationSchema, input);
    if ("failure" in parsed) return parsed.failure;
    await saveHumanTranslation(admin.id, parsed.data);
    revalidatePath(`/admin/channels/${parsed.data.channelId}`);
    return succeed(undefined);
  });
}

const providerSchema = z.object({
  name: z.string().trim().min(1, "Enter the organisation's name").max(200, "at most 200 characters"),
});

export async function createProviderAction(
  input: unknown,
): Promise<ActionResult<{ id: string; key: string }>> {
  return runAction(async () => {
    await requireAdmin();
    const parsed = parseInput(providerSchema, input);
    if ("failure" in parsed) return parsed.failure;
    const provider = await createProvider(parsed.data.name);
    const key = await regenerateApiKey(provider.id);
    revalidatePath("/admin/providers");
    return succeed({ id: provider.id, key });
  });
}

const userSchema = z.object({
  providerId: z.string(),
  email: z.email("Enter a valid email address"),
  name: z.string().trim().max(200, "at most 200 characters"),
});

export async function createProviderUserAction(
  input: unknown,
): Promise<ActionResult<{ email: string; password: string }>> {
  return runAction(async () => {
    await requireAdmin();
    const parsed = parseInput(userSchema, input);
    if ("failure" in parsed) return parsed.failure;
    const password = generatePassword();
    const user = await createUser({ ...parsed.data, password, role: "provider" });
    revalidatePath(`/admin/providers/${parsed.data.providerId}`);
    return succeed({ email: user.email, password });
  });
}

export async function regenerateKeyAction(providerId: string): Promise<ActionResult<{ key: string }>> {
  return runAction(async () => {
    await requireAdmin();
    const key = await regenerateApiKey(idArgument(providerId));
    revalidatePath(`/admin/providers/${providerId}`);
    return succeed({ key });
  });
}
