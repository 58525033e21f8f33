"use server";
/** Closing a provider's period (issue 32, item 6), from the statement page. */
import { closePeriodSchema } from "@/lib/contract/reconciliation/break-adjustment-schema";
import { closePeriod } from "@/lib/domain/reconciliation";
import { defineAction } from "@/lib/portal/define-action";

export const closePeriodAction = defineAction({
  role: "admin",
  permission: "reconciliation.settle",
  input: closePeriodSchema,
  run: (period, user) => closePeriod(user.actor, period),
  revalidate: "/admin/statement",
});
