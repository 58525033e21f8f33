"use server";
/** Webhook subscriptions of the signed-in user's organisation, through the API's domain functions. */
import { revalidatePath } from "next/cache";
import { requireProviderUser } from "@/lib/auth/session";
import {
  type SubscriptionReceipt,
  subscribeRequestSchema,
  unsubscribeRequestSchema,
} from "@/lib/contract/subscription";
import { subscribe, unsubscribe } from "@/lib/domain/subscriptions";
import { type ActionResult, parseInput, runAction, succeed } from "@/lib/portal/action-result";

export async function subscribeAction(input: unknown): Promise<ActionResult<SubscriptionReceipt>> {
  return runAction(async () => {
    const user = await requireProviderUser();
    const parsed = parseInput(subscribeRequestSchema, input);
    if ("failure" in parsed) return parsed.failure;
    const receipt = await subscribe(user.providerId, parsed.data);
    revalidatePath("/webhooks");
    return succeed(receipt);
  });
}

export async function unsubscribeAction(input: unknown): Promise<ActionResult<SubscriptionReceipt>> {
  return runAction(async () => {
    const user = await requireProviderUser();
    const parsed = parseInput(unsubscribeRequestSchema, input);
    if ("failure" in parsed) return parsed.failure;
    const receipt = await unsubscribe(user.providerId, parsed.data.eventType);
    revalidatePath("/webhooks");
    return succeed(receipt);
  });
}
