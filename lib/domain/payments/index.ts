/**
 * The payments module's public face: `@/lib/domain/payments`, four eyes on money (docs/money.md
 * "Approval policies for money"). Above channels, budgets, notifications and webhooks, which it uses; below
 * deliveries, whose sends ask it how many approvals they need, and programs.
 *
 * - policy.ts: a program's approval policy and how many approvals a payment needs
 * - rules.ts: the four-eyes rule both kinds of payment share (who may decide, once)
 * - decide-payment.ts: one finance approver's decision, one transaction for either kind (and for a
 *   statement break's adjustment, lib/domain/reconciliation/break-adjustments.ts)
 * - approvals.ts: what a delivery request's decisions do (and the console's one button for both kinds)
 * - refunds.ts: asking for a refund, and what a refund request's decisions do
 * - expiry.ts: payments that waited too long for their approvals expire
 * - queue.ts, consequences.ts: the console's "awaiting my approval" queue, what an approval does
 */

export { approveDeliveryRequest, approvePayment, rejectDeliveryRequest, rejectPayment } from "./approvals";
export { type ApprovalConsequence, deliveryRequestConsequences, refundConsequences } from "./consequences";
export { type DecisionOutcome, decide, type PaymentKindRules } from "./decide-payment";
export { expireDuePayments } from "./expiry";
export { approvalsRequiredFor, POLICY_COLUMNS, policyView, setApprovalPolicy } from "./policy";
export { awaitingMyApproval, awaitingMyApprovalCount, peopleByIds, requestApprovals } from "./queue";
export { rejectRefund, requestRefund } from "./refunds";
export { mayStillDecide, PENDING } from "./rules";
