/**
 * A program's approval policy (docs/money.md "Approval policies for money"), stored on the Program row: a
 * delivery request whose total is above the delivery threshold needs that many approvals from
 * distinct finance approvers, none of them its creator; a refund above the refund threshold likewise.
 * A null threshold is no policy: nothing waits. A sandbox's program never holds a payment (test
 * mode shows the provider the flow, not our approvals).
 */
import type { ApprovalPolicyInput, PaymentKind } from "../../contract/forms/payment-approval-forms";
import { say } from "../../contract/validation-messages";
import { db } from "../../db";
import { recordAudit } from "../audit";
import { notFound } from "../errors";
import { LIVE_PROGRAM } from "../live-scope";
import { fromMinor, toMinor } from "../money";
import { type Actor, authorize } from "../permissions";

export interface ProgramPolicy {
  sandboxFor: string | null;
  deliveryApprovalThresholdMinor: bigint | null;
  deliveryApprovalsRequired: number;
  refundApprovalThresholdMinor: bigint | null;
  refundApprovalsRequired: number;
}

export const POLICY_COLUMNS = {
  sandboxFor: true,
  deliveryApprovalThresholdMinor: true,
  deliveryApprovalsRequired: true,
  refundApprovalThresholdMinor: true,
  refundApprovalsRequired: true,
} as const;

/** How many approvals a payment of `amountMinor` needs under the policy: 0 when it goes at once. */
export function approvalsRequiredFor(policy: ProgramPolicy, kind: PaymentKind, amountMinor: bigint): number {
  if (policy.sandboxFor) return 0;
  const [threshold, count] =
    kind === "deliveryRequest"
      ? [policy.deliveryApprovalThresholdMinor, policy.deliveryApprovalsRequired]
      : [policy.refundApprovalThresholdMinor, policy.refundApprovalsRequired];
  return threshold !== null && amountMinor > threshold ? count : 0;
}

/** The policy as the console's form shows it, in the program's unit. */
export function policyView(policy: ProgramPolicy) {
  const amount = (minor: bigint | null) => (minor === null ? null : fromMinor(minor));
  return {
    deliveryThreshold: amount(policy.deliveryApprovalThresholdMinor),
    deliveryApprovalsRequired: policy.deliveryApprovalsRequired,
    refundThreshold: amount(policy.refundApprovalThresholdMinor),
    refundApprovalsRequired: policy.refundApprovalsRequired,
  };
}

/**
 * Sets a live program's policy. Requests already waiting keep the count they were created with
 * (DeliveryRequest.approvalsRequired, RefundRequest.approvalsRequired): a policy change applies to
 * what is sent from now on, so no one can lower the bar for a payment already in the queue.
 */
export async function setApprovalPolicy(actor: Actor, input: ApprovalPolicyInput) {
  authorize(actor, "policies.manage");
  const minor = (amount: number | null) => (amount === null ? null : toMinor(amount));
  const after = {
    deliveryApprovalThresholdMinor: minor(input.deliveryThreshold),
    deliveryApprovalsRequired: input.deliveryApprovalsRequired,
    refundApprovalThresholdMinor: minor(input.refundThreshold),
    refundApprovalsRequired: input.refundApprovalsRequired,
  };
  await db().$transaction(async (tx) => {
    const before = await tx.program.findFirst({
      where: { id: input.programId, ...LIVE_PROGRAM },
      select: { ...POLICY_COLUMNS, unit: true },
    });
    if (!before) throw notFound(say("noSuchProgram"));
    await tx.program.update({ where: { id: input.programId }, data: after });
    const { sandboxFor: _, ...beforeColumns } = before;
    // The unit on both sides, so that the trail shows the thresholds as amounts (components/admin/audit-table.tsx).
    await recordAudit(tx, actor, {
      action: "program.policy_changed",
      subjectType: "Program",
      subjectId: input.programId,
      before: beforeColumns,
      after: { ...after, unit: before.unit },
    });
  });
}
