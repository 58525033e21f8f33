"use server";
/** Erasing a beneficiary (issue 36): one administrator asks, another approves or rejects. */
import { erasureDecisionSchema, erasureRequestSchema } from "@/lib/contract/forms/beneficiary-data-forms";
import { decideErasure, requestErasure } from "@/lib/domain/erasures";
import { defineAction } from "@/lib/portal/define-action";

export const requestErasureAction = defineAction({
  role: "admin",
  permission: "beneficiaries.erase",
  input: erasureRequestSchema,
  run: async (input, user) => {
    await requestErasure(user.actor, input);
  },
  revalidate: "/admin/beneficiaries",
});

export const decideErasureAction = defineAction({
  role: "admin",
  permission: "beneficiaries.erase",
  input: erasureDecisionSchema,
  run: async (input, user) => {
    await decideErasure(user.actor, input);
  },
  revalidate: "/admin/beneficiaries",
});
