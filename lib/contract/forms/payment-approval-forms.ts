/** The console's approval policy form and the finance approvers' decision buttons. */

import { z } from "zod";
import { hasAtMostTwoDecimals, typedAmount } from "../amount";
import { recordId } from "../ids";
import { say } from "../validation-messages";

/** What an approval may concern: a delivery request, or a refund waiting for approval. */
export const PAYMENT_KINDS = ["deliveryRequest", "refund"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

/** At most this many approvals can be required: more than a team of approvers could give. */
export const MAX_APPROVALS_REQUIRED = 10;

const threshold = typedAmount()
  .nonnegative(say("mustNotBeNegative"))
  .max(1e13, say("isTooLarge"))
  .refine(hasAtMostTwoDecimals, say("atMostTwoDecimals"))
  .nullable();

const approvalsRequired = z
  .number({ error: say("enterNumber") })
  .int(say("mustBeWholeNumber"))
  .min(1, say("mustBeAtLeast1"))
  .max(MAX_APPROVALS_REQUIRED, say("mustBeAtMost", { max: MAX_APPROVALS_REQUIRED }));

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
  kind: z.enum(PAYMENT_KINDS, { error: say("unknownKindOfPayment") }),
  id: recordId,
});

export const rejectPaymentSchema = z.strictObject({
  kind: z.enum(PAYMENT_KINDS, { error: say("unknownKindOfPayment") }),
  id: recordId,
  reason: z
    .string()
    .trim()
    .min(1, say("enterReasonForRejection"))
    .max(500, say("mustBeAtMostCharacters", { max: 500 })),
});
