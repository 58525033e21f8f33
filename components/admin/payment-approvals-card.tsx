/**
 * A payment's approvals on its page: the state, how many approvals it needs, each decision (who,
 * when, the reason of a rejection) and, for a finance approver who may still decide, the buttons.
 */
import type { ReactNode } from "react";
import { formatDateTime } from "@/lib/format";
import { ApprovalStateBadge } from "./approval-state";

export interface ShownDecision {
  id: string;
  decision: string;
  reason: string | null;
  at: Date;
  approver: { name: string; email: string };
}

export function PaymentApprovals({
  state,
  approvalsRequired,
  creator,
  decisions,
  rejectionReason,
  buttons,
}: {
  state: string;
  approvalsRequired: number;
  creator: { name: string; email: string };
  decisions: ShownDecision[];
  rejectionReason?: string | null;
  /** The decision buttons, when the viewer may still decide. */
  buttons?: ReactNode;
}) {
  const approved = decisions.filter((decision) => decision.decision === "APPROVED").length;
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <ApprovalStateBadge state={state} />
        <span>
          {approved} of {approvalsRequired} approvals from finance approvers other than {creator.name}
          {creator.email ? ` (${creator.email})` : ""}.
        </span>
      </p>
      {rejectionReason && <p>Reason: {rejectionReason}</p>}
      {decisions.length > 0 && (
        <ul aria-label="Approvals" className="list-disc space-y-1 pl-5">
          {decisions.map((decision) => (
            <li key={decision.id}>
              {decision.decision === "APPROVED" ? "Approved" : "Rejected"} by {decision.approver.name}
              {decision.approver.email ? ` (${decision.approver.email})` : ""} at{" "}
              {formatDateTime(decision.at)}
              {decision.reason ? `: ${decision.reason}` : ""}
            </li>
          ))}
        </ul>
      )}
      {buttons}
    </div>
  );
}
