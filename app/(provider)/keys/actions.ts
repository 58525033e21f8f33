"use server";
/** API keys of the signed-in user's organisation: issue (shown once) and revoke. */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireProviderUser } from "@/lib/auth/session";
import { issueApiKey, revokeApiKey } from "@/lib/domain/api-keys";
import { notFound } from "@/lib/domain/errors";
import { type ActionResult, parseInput, runAction, succeed, idArgument } from "@/lib/portal/action-result";

const newKey = z.object({ label: z.string().trim().max(100, "must be at most 100 characters") });

export async function createApiKeyAction(
  input: unknown,
): Promise<ActionResult<{ key: string; prefix: string }>> {
  return runAction(async () => {
    const user = await requireProviderUser();
    const parsed = parseInput(newKey, input);
    if ("failure" in parsed) return parsed.failure;
    const { key, record } = await issueApiKey(user.providerId, parsed.data.label);
    revalidatePath("/keys");
    return succeed({ key, prefix: record.prefix });
  });
}

export async function revokeApiKeyAction(apiKeyId: string): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    const user = await requireProviderUser();
    // Scoped by the user's provider: another organisation's key id revokes nothing.
    if (!(await revokeApiKey(user.providerId, idArgument(apiKeyId)))) throw notFound("No such active key.");
    revalidatePath("/keys");
    return succeed(undefined);
  });
}
