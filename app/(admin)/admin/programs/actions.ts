"use server";
/** Programs, their channels and refunds: program managers are administrators (sending: send-actions.ts). */
import { revalidatePath } from "next/cache";
import { requireAdmin } from "@/lib/auth/session";
import { requestRefund } from "@/lib/domain/delivery-requests";
import { addChannelToProgram, createProgram, programInputSchema } from "@/lib/domain/programs";
import { type ActionResult, parseInput, runAction, succeed, idArgument } from "@/lib/portal/action-result";

export async function createProgramAction(input: unknown): Promise<ActionResult<{ id: string }>> {
  return runAction(async () => {
    await requireAdmin();
    const parsed = parseInput(programInputSchema, input);
    if ("failure" in parsed) return parsed.failure;
    const program = await createProgram(parsed.data);
    revalidatePath("/admin/programs");
    return succeed({ id: program.id });
  });
}

export async function addChannelAction(
  programId: string,
  channelId: string,
): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    await requireAdmin();
    await addChannelToProgram(idArgument(programId), idArgument(channelId));
    revalidatePath(`/admin/programs/${programId}`);
    return succeed(undefined);
  });
}

/** Asks the provider to reverse a delivery, for a reason the program manager gives (kept here). */
export async function refundAction(
  programId: string,
  deliveryId: string,
  reason: unknown,
): Promise<ActionResult<undefined>> {
  return runAction(async () => {
    const admin = await requireAdmin();
    await requestRefund(admin.id, idArgument(deliveryId), typeof reason === "string" ? reason : "");
    revalidatePath(`/admin/programs/${programId}`);
    return succeed(undefined);
  });
}
