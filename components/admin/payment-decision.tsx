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
import { TextArea } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { type PaymentKind, rejectPaymentSchema } from "@/lib/contract/forms/payment-approvals";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

const reasonSchema = rejectPaymentSchema.pick({ reason: true });

interface Outcome {
  state: string;
  approvals: number;
  approvalsRequired: number;
}

export function PaymentDecision({
  kind,
  id,
  label,
  approve,
  reject,
}: {
  kind: PaymentKind;
  id: string;
  /** What is decided, for the buttons' accessible names: "the delivery request Winter cash". */
  label: string;
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
      <Button
        pending={approving.pending}
        aria-label={t("approveLabel", { label })}
        onClick={() => approving.run({ kind, id })}
      >
        {t("approve")}
      </Button>
      <Button variant="secondary" aria-label={t("rejectLabel", { label })} onClick={() => setOpen(true)}>
        {t("reject")}
      </Button>
      <Modal open={open} title={t("dialogTitle")} onClose={() => setOpen(false)}>
        <form
          noValidate
          className="space-y-3"
          onSubmit={form.handleSubmit(({ reason }) => rejecting.run({ kind, id, reason }))}
        >
          <p>{t("explanation", { label })}</p>
          <TextArea
            label={t("reason")}
            rows={3}
            maxLength={500}
            error={form.formState.errors.reason?.message}
            {...form.register("reason")}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="danger" pending={rejecting.pending}>
              {t("reject")}
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
