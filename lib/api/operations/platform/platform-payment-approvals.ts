/**
 * Four-eyes approval of payments, as the console's approvals page and program policy form: the
 * queue awaiting the caller, finance approvers' decisions on delivery requests and refunds, and a
 * program's approval policy. The rules (not the creator, not twice, the required count) are
 * lib/domain/payments/decide-payment.ts and rules.ts.
 */
import { z } from "zod";
import {
  anyObjectSchema,
  doneSchema,
  paymentDecisionSchema,
} from "../../../contract/platform/platform-answers";
import { approvalPolicyBodySchema, refundBodySchema } from "../../../contract/platform/platform-inputs";
import {
  approvePayment,
  awaitingMyApproval,
  rejectPayment,
  setApprovalPolicy,
} from "../../../domain/payments";
import { platformOperation } from "./define-platform-operation";
import { programId } from "./platform-programs";

const deliveryRequestId = z.string().meta({ description: "The delivery request's id." });
const refundRequestId = z.string().meta({ description: "The refund request's id (from GET approvals)." });
const EXAMPLE_DECISION = { state: "PENDING_APPROVAL", approvals: 1, approvalsRequired: 2 };
const FOUR_EYES =
  "Needs the finance approver role; the creator of the payment and an approver who already decided may not (403). Deciding a payment that no longer awaits approval is a **409**.";

export const listApprovals = platformOperation({
  operationId: "platformListApprovals",
  method: "GET",
  permission: "payments.approve",
  path: "/approvals",
  summary: "List payments awaiting my approval",
  description: `Delivery requests and refunds awaiting the caller's approval, oldest first. ${FOUR_EYES}`,
  response: anyObjectSchema,
  run: ({ actor }) => awaitingMyApproval(actor),
  example: { requests: [], refunds: [] },
});

export const approveDeliveryRequestOperation = platformOperation({
  operationId: "platformApproveDeliveryRequest",
  method: "POST",
  permission: "payments.approve",
  path: "/delivery-requests/{deliveryRequestId}/approve",
  summary: "Approve a delivery request",
  description: `One approval of a delivery request above its program's threshold; the one that reaches the required count sends it (SENT, DELIVERY_REQUEST_SENT). ${FOUR_EYES} It takes no body.`,
  params: z.object({ deliveryRequestId }),
  response: paymentDecisionSchema,
  run: ({ actor, params }) => approvePayment(actor, "deliveryRequest", params.deliveryRequestId ?? ""),
  example: EXAMPLE_DECISION,
});

export const rejectDeliveryRequestOperation = platformOperation({
  operationId: "platformRejectDeliveryRequest",
  method: "POST",
  permission: "payments.approve",
  path: "/delivery-requests/{deliveryRequestId}/reject",
  summary: "Reject a delivery request",
  description: `Rejects a delivery request awaiting approval: it is never sent and its reservation is released. ${FOUR_EYES}`,
  params: z.object({ deliveryRequestId }),
  body: refundBodySchema,
  response: paymentDecisionSchema,
  run: ({ actor, params, body }) =>
    rejectPayment(actor, "deliveryRequest", params.deliveryRequestId ?? "", body.reason),
  requestExample: { reason: "Beneficiary list not signed off" },
  example: { state: "REJECTED", approvals: 0, approvalsRequired: 2 },
});

export const approveRefundOperation = platformOperation({
  operationId: "platformApproveRefund",
  method: "POST",
  permission: "payments.approve",
  path: "/refund-requests/{refundRequestId}/approve",
  summary: "Approve a refund",
  description: `One approval of a refund above its program's refund threshold; the one that reaches the required count requests it from the provider. ${FOUR_EYES} It takes no body.`,
  params: z.object({ refundRequestId }),
  response: paymentDecisionSchema,
  run: ({ actor, params }) => approvePayment(actor, "refund", params.refundRequestId ?? ""),
  example: EXAMPLE_DECISION,
});

export const rejectRefundOperation = platformOperation({
  operationId: "platformRejectRefund",
  method: "POST",
  permission: "payments.approve",
  path: "/refund-requests/{refundRequestId}/reject",
  summary: "Reject a refund",
  description: `Rejects a refund awaiting approval: the provider is never asked. ${FOUR_EYES}`,
  params: z.object({ refundRequestId }),
  body: refundBodySchema,
  response: paymentDecisionSchema,
  run: ({ actor, params, body }) => rejectPayment(actor, "refund", params.refundRequestId ?? "", body.reason),
  requestExample: { reason: "Not a duplicate payment" },
  example: { state: "REJECTED", approvals: 0, approvalsRequired: 2 },
});

export const setApprovalPolicyOperation = platformOperation({
  operationId: "platformSetApprovalPolicy",
  method: "POST",
  permission: "policies.manage",
  path: "/programs/{programId}/approval-policy",
  summary: "Set a program's approval policy",
  description:
    "Above `deliveryThreshold` (a delivery request's total) and `refundThreshold` (a delivery's amount), in the program's unit, a payment needs that many finance approvals; a null threshold: never. Applies to payments made from now on. Needs the administrator role.",
  params: z.object({ programId }),
  body: approvalPolicyBodySchema,
  response: doneSchema,
  run: async ({ actor, params, body }) => {
    await setApprovalPolicy(actor, { ...body, programId: params.programId ?? "" });
    return { done: true };
  },
  requestExample: {
    deliveryThreshold: 10000,
    deliveryApprovalsRequired: 2,
    refundThreshold: null,
    refundApprovalsRequired: 1,
  },
  example: { done: true },
});
