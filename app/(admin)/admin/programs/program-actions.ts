"use server";
import { approvalPolicySchema } from "@/lib/contract/forms/payment-approval-forms";
/** Programs, their channels, refunds and approval policies (sending: send-delivery-actions.ts). */
import {
  programChannelSchema,
  programInputSchema,
  refundSchema,
  retentionPeriodSchema,
} from "@/lib/contract/forms/program-forms";
import { reconciliationWindowSchema } from "@/lib/contract/reconciliation/reconciliation-window-schema";
import { setProgramRetention } from "@/lib/domain/beneficiary-data";
import { requestRefund, setApprovalPolicy } from "@/lib/domain/payments";
import { addChannelToProgram, createProgram } from "@/lib/domain/programs";
import { setReconciliationWindow } from "@/lib/domain/reconciliation";
import { defineAction } from "@/lib/portal/define-action";

const programPage = ({ programId }: { programId: string }) => `/admin/programs/${programId}`;

export const createProgramAction = defineAction({
  role: "admin",
  permission: "programs.manage",
  input: programInputSchema,
  run: async (program, user) => ({ id: (await createProgram(user.actor, program)).id }),
  revalidate: "/admin/programs",
});

export const addChannelAction = defineAction({
  role: "admin",
  permission: "programs.manage",
  input: programChannelSchema,
  run: ({ programId, channelId }, user) => addChannelToProgram(user.actor, programId, channelId),
  revalidate: programPage,
});

/** Asks the provider to reverse a delivery, for a reason the program manager gives (kept here). */
export const refundAction = defineAction({
  role: "admin",
  permission: "refunds.request",
  input: refundSchema,
  run: ({ deliveryId, reason }, user) => requestRefund(user.actor, deliveryId, reason),
  revalidate: programPage,
});

/** A program's approval policy (administrators). */
export const approvalPolicyAction = defineAction({
  role: "admin",
  permission: "policies.manage",
  input: approvalPolicySchema,
  run: (policy, user) => setApprovalPolicy(user.actor, policy),
  revalidate: programPage,
});

/** A program's retention period for beneficiaries' values (administrators). */
export const retentionAction = defineAction({
  role: "admin",
  permission: "policies.manage",
  input: retentionPeriodSchema,
  run: (period, user) => setProgramRetention(user.actor, period),
  revalidate: programPage,
});

/** A program's reconciliation window: the days by which the provider reports every outcome (administrators). */
export const reconciliationWindowAction = defineAction({
  role: "admin",
  permission: "policies.manage",
  input: reconciliationWindowSchema,
  run: (window, user) => setReconciliationWindow(user.actor, window),
  revalidate: programPage,
});
