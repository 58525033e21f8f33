/** The console's approval policy form and the finance approvers' decision buttons. */
import { z } from "zod";
import { hasAtMostTwoDecimals } from "../amount";
import { recordId } from "../ids";

/** What an approval may concern: a delivery request, or a refund waiting for approval. */
export const PAYMENT_KINDS = ["deliveryRequest", "refund"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** At most this many approvals can be required: more than a team of approvers could give. */
export const MAX_APPROVALS_REQUIRED = 10;

const threshold = z
  .number({ error: "Enter an amount" })
  .nonnegative("must not be negative")
  .max(1e13, "is too large")
  .refine(hasAtMostTwoDecimals, "at most two decimals")
  .nullable();

const approvalsRequired = z
  .number({ error: "Enter a number" })
  .int("must be a whole number")
  .min(1, "must be at least 1")
  .max(MAX_APPROVALS_REQUIRED, `must be at most ${MAX_APPROVALS_REQUIRED}`);

/** A program's policy: a null threshold means that kind of payment needs no approval. */
export const approvalPolicySchema = z.strictObject({
  programId: recordId,
  deliveryThreshold: threshold,
  deliveryApprovalsRequired: approvalsRequired,
  refundThreshold: threshold,
  refundApprovalsRequired: approvalsRequired,
});
export type ApprovalPolicyInput = z.infer<typeof approvalPolicySchema>;

export const approvePaymentSchema = z.strictObject({
  kind: z.enum(PAYMENT_KINDS, { error: "Unknown kind of payment" }),
  id: recordId,
});

export const rejectPaymentSchema = z.strictObject({
  kind: z.enum(PAYMENT_KINDS, { error: "Unknown kind of payment" }),
  id: recordId,
  reason: z
    .string()
    .trim()
    .min(1, "Enter a reason for the rejection")
    .max(500, "must be at most 500 characters"),
});
