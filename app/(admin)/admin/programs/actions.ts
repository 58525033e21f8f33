"use server";
/** Programs, their channels and refunds: program managers are administrators (sending: send-actions.ts). */
import { programChannelSchema, programInputSchema, refundSchema } from "@/lib/contract/forms/programs";
import { requestRefund } from "@/lib/domain/delivery-requests";
import { addChannelToProgram, createProgram } from "@/lib/domain/programs";
import { defineAction } from "@/lib/portal/define-action";

const programPage = ({ programId }: { programId: string }) => `/admin/programs/${programId}`;

export const createProgramAction = defineAction({
  role: "admin",
  permission: "programs.manage",
  input: programInputSchema,
  run: async (program) => ({ id: (await createProgram(program)).id }),
  revalidate: "/admin/programs",
});

export const addChannelAction = defineAction({
  role: "admin",
  permission: "programs.manage",
  input: programChannelSchema,
  run: ({ programId, channelId }) => addChannelToProgram(programId, channelId),
  revalidate: programPage,
});

/** Asks the provider to reverse a delivery, for a reason the program manager gives (kept here). */
export const refundAction = defineAction({
  role: "admin",
  permission: "refunds.request",
  input: refundSchema,
  run: ({ deliveryId, reason }, admin) => requestRefund(admin.id, deliveryId, reason),
  revalidate: programPage,
});
