"use server";
/**
 * The provider portal's channel actions. They parse with the contract's schema and call the same
 * domain functions as the REST API, scoped to the signed-in user's organisation.
 */
import { revalidatePath } from "next/cache";
import { z } from "zod";
import { requireProviderUser } from "@/lib/auth/session";
import { channelBodySchema } from "@/lib/contract/channel";
import type { RequestReceipt } from "@/lib/contract/envelope";
import { requestChannelCreate, requestChannelStatus, requestChannelUpdate } from "@/lib/domain/channels";
import { DomainError } from "@/lib/domain/errors";
import { LOOKUPS } from "@/lib/domain/lookups";
import { LOOKUP_KEYS } from "@/lib/contract/lookups";
import { type ActionResult, parseInput, runAction, succeed } from "@/lib/portal/action-result";

export async function createChannelAction(input: unknown): Promise<ActionResult<RequestReceipt>> {
  return runAction(async () => {
    const user = await requireProviderUser();
    const parsed = parseInput(channelBodySchema, input);
    if ("failure" in parsed) return parsed.failure;
    const receipt = await requestChannelCreate(user.providerId, { ...parsed.data, status: undefined }).catch(
      (error: unknown) => {
        // The API's 409 (the id exists), shown at the id field.
        if (error instanceof DomainError && error.kind === "conflict") {
          throw new DomainError("conflict", error.message, "providerDeliveryChannelId");
        }
        throw error;
      },
    );
    revalidatePath("/channels");
    return succeed(receipt);
  });
}

export async function updateChannelAction(input: unknown): Promise<ActionResult<RequestReceipt>> {
  return runAction(async () => {
    const user = await requireProviderUser();
    const parsed = parseInput(channelBodySchema, input);
    if ("failure" in parsed) return parsed.failure;
    // The form edits content only; the status switch on the channel page changes the status.
    const receipt = await requestChannelUpdate(user.providerId, { ...parsed.data, status: undefined });
    revalidatePath("/channels");
    return succeed(receipt);
  });
}

const statusChange = z.object({
  providerDeliveryChannelId: z.string(),
  status: z.enum(["ONLINE", "OFFLINE"]),
});

/** The status switch: see requestChannelStatus for which content it sends and which request it makes. */
export async function setChannelStatusAction(input: unknown): Promise<ActionResult<RequestReceipt>> {
  return runAction(async () => {
    const user = await requireProviderUser();
    const parsed = parseInput(statusChange, input);
    if ("failure" in parsed) return parsed.failure;
    const { providerDeliveryChannelId, status } = parsed.data;
    const receipt = await requestChannelStatus(user.providerId, providerDeliveryChannelId, status);
    revalidatePath(`/channels/${encodeURIComponent(parsed.data.providerDeliveryChannelId)}`);
    return succeed(receipt);
  });
}

/** The values of a lookup, for the form's controls: the same data as GetLookUpValues. */
export async function lookupValuesAction(key: string) {
  await requireProviderUser();
  const lookupKey = z.enum(LOOKUP_KEYS).safeParse(key);
  return lookupKey.success ? LOOKUPS[lookupKey.data] : [];
}
