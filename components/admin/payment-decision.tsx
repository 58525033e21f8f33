"use client";
/**
 * A finance approver's decision on one payment awaiting approval: "Approve", or "Reject" with a
 * reason (kept with the payment and in the audit trail). Shown only to someone who may still decide.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { type PaymentKind, rejectPaymentSchema } from "@/lib/contract/forms/payment-approval-forms";
import { isolated } from "@/lib/format";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

const reasonSchema = rejectPaymentSchema.pick({ reason: true });

interface Outcome {
  state: string;
  approvals: number;
  approvalsRequired: number;
}

/** What approving does, formatted for the reader (lib/domain/payments/consequences.ts). */
export interface ApprovalPreview {
  final: boolean;
  approvals: number;
  approvalsRequired: number;
  amount: string;
  channel: string;
  provider: string;
  budgets: { label: string; remaining: string }[];
}

export function PaymentDecision({
  kind,
  id,
  label,
  preview,
  approve,
  reject,
}: {
  kind: PaymentKind;
  id: string;
  /** What is decided, for the buttons' accessible names: "the delivery request Winter cash". */
  label: string;
  /** What approving does, said in the confirmation before it. */
  preview: ApprovalPreview;
  approve: Action<Outcome>;
  reject: Action<Outcome>;
}) {
  const t = useTranslations("payments.decision");
  const [open, setOpen] = useState(false);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: "" },
  });
  const approvedMessage = (outcome: Outcome) =>
    outcome.state === "PENDING_APPROVAL"
      ? t("approvedPartly", { approvals: outcome.approvals, required: outcome.approvalsRequired })
      : outcome.state === "SENT"
        ? t("approvedSent")
        : t("approvedRefund");
  const approving = useAction(approve, { success: approvedMessage });
  const rejecting = useAction(reject, {
    form,
    success: t("rejected"),
    onSuccess: () => setOpen(false),
  });
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmDialog
        title={t("confirmTitle")}
        confirmLabel={t("confirm")}
        pending={approving.pending}
        onConfirm={async () => {
          await approving.run({ kind, id });
        }}
        trigger={(open) => (
          <Button aria-label={t("approveLabel", { label })} onClick={open}>
            {t("approve")}
          </Button>
        )}
      >
        <ApprovalConsequences kind={kind} preview={preview} />
      </ConfirmDialog>
      <Button variant="secondary" aria-label={t("rejectLabel", { label })} onClick={() => setOpen(true)}>
        {t("reject")}
      </Button>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("dialogTitle")}
        form={form}
        onSubmit={(reason) => rejecting.run({ kind, id, reason })}
        labels={{ reason: t("reason"), cancel: t("cancel"), submit: t("reject") }}
        pending={rejecting.pending}
      >
        <p>{t("explanation", { label })}</p>
      </ReasonDialog>
    </div>
  );
}

/** The confirmation's text: what moves, to whom, and what the budgets keep. */
function ApprovalConsequences({ kind, preview }: { kind: PaymentKind; preview: ApprovalPreview }) {
  const t = useTranslations("payments.decision");
  // Each name isolated: a left-to-right name in a right-to-left sentence keeps its own order.
  const values = {
    amount: isolated(preview.amount),
    channel: isolated(preview.channel),
    provider: isolated(preview.provider),
    next: preview.approvals + 1,
    required: preview.approvalsRequired,
  };
  const sentence =
    kind === "refund"
      ? preview.final
        ? t("confirmFinalRefund", values)
        : t("confirmPartialRefund", values)
      : preview.final
        ? t("confirmFinalRequest", values)
        : t("confirmPartialRequest", values);
  return (
    <div className="space-y-2">
      <p>{sentence}</p>
      {preview.budgets.length > 0 && (
        <>
          <p>{t("budgetsLeft")}</p>
          <ul className="list-disc ps-5">
            {preview.budgets.map((budget) => (
              <li key={budget.label}>{t("budgetLeft", budget)}</li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
