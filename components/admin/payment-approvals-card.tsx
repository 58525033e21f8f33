/**
 * A payment's approvals on its page: the state, how many approvals it needs, each decision (who,
 * when, the reason of a rejection) and, for a finance approver who may still decide, the buttons.
 */
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useFormat } from "@/lib/i18n/use-format";
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
  const t = useTranslations("payments.approvals");
  const format = useFormat();
  const approved = decisions.filter((decision) => decision.decision === "APPROVED").length;
  const decisionText = (decision: ShownDecision) => {
    const shown = { approver: person(decision.approver), at: format.dateTime(decision.at) };
    const approvedOne = decision.decision === "APPROVED";
    if (!decision.reason) return approvedOne ? t("approved", shown) : t("rejected", shown);
    const withReason = { ...shown, reason: decision.reason };
    return approvedOne ? t("approvedWithReason", withReason) : t("rejectedWithReason", withReason);
  };
  return (
    <div className="space-y-2 text-sm">
      <p className="flex flex-wrap items-center gap-2">
        <ApprovalStateBadge state={state} />
        <span>{t("summary", { approved, required: approvalsRequired, creator: person(creator) })}</span>
      </p>
      {rejectionReason && <p>{t("reason", { reason: rejectionReason })}</p>}
      {decisions.length > 0 && (
        <ul aria-label={t("list")} className="list-disc space-y-1 ps-5">
          {decisions.map((decision) => (
            <li key={decision.id}>{decisionText(decision)}</li>
          ))}
        </ul>
      )}
      {buttons}
    </div>
  );
}

/** "Ann (ann@example.org)", or the name alone when the address is unknown. */
const person = ({ name, email }: { name: string; email: string }) => (email ? `${name} (${email})` : name);
