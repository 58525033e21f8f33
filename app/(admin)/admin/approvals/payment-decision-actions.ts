"use server";
/** Finance approvers' decisions on delivery requests and refunds awaiting approval. */
import { approvePaymentSchema, rejectPaymentSchema } from "@/lib/contract/forms/payment-approval-forms";
import { approvePayment, rejectPayment } from "@/lib/domain/payments";
import { defineAction } from "@/lib/portal/define-action";

/** The queue's count is in the console's navigation: everything under /admin renders again. */
const CONSOLE = { path: "/admin", type: "layout" } as const;

export const approvePaymentAction = defineAction({
  role: "admin",
  permission: "payments.approve",
  input: approvePaymentSchema,
  run: ({ kind, id }, user) => approvePayment(user.actor, kind, id),
  revalidate: CONSOLE,
});

export const rejectPaymentAction = defineAction({
  role: "admin",
  permission: "payments.approve",
  input: rejectPaymentSchema,
  run: ({ kind, id, reason }, user) => rejectPayment(user.actor, kind, id, reason),
  revalidate: CONSOLE,
});
