"use client";
/** "Request refund" on a delivery: a confirmation that asks for the reason, kept with the delivery. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextArea } from "@/components/ui/field";
import { ltrCode } from "@/components/ui/ltr-code";
import { Modal } from "@/components/ui/modal";
import { refundSchema } from "@/lib/contract/forms/program-forms";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

const reasonSchema = refundSchema.pick({ reason: true });

export function RefundButton({
  programId,
  delivery,
  approvalsRequired,
  refund,
}: {
  programId: string;
  delivery: { id: string; beneficiaryId: string; amountShown: string; providerName: string };
  /** The finance approvals the program's policy requires for this refund: 0 when it goes at once. */
  approvalsRequired: number;
  refund: Action<"REQUESTED" | "PENDING_APPROVAL">;
}) {
  const t = useTranslations("payments.refund");
  const [open, setOpen] = useState(false);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: "" },
  });
  const { pending, run } = useAction(refund, {
    form,
    success: (outcome) => (outcome === "PENDING_APPROVAL" ? t("awaitsApproval") : t("requested")),
    onSuccess: () => setOpen(false),
  });
  return (
    <>
      <Button
        variant="ghost"
        aria-label={t("buttonLabel", { beneficiary: delivery.beneficiaryId })}
        onClick={() => setOpen(true)}
      >
        {t("button")}
      </Button>
      <Modal open={open} title={t("title")} onClose={() => setOpen(false)}>
        <form
          noValidate
          className="space-y-3"
          onSubmit={form.handleSubmit(({ reason }) => run({ programId, deliveryId: delivery.id, reason }))}
        >
          <p>
            {t.rich(approvalsRequired > 0 ? "explanationHeld" : "explanation", {
              count: approvalsRequired,
              provider: delivery.providerName,
              amount: delivery.amountShown,
              beneficiary: delivery.beneficiaryId,
              mono: ltrCode,
            })}
          </p>
          <TextArea
            label={t("reason")}
            rows={3}
            maxLength={500}
            error={form.formState.errors.reason?.message}
            hint={t("hint")}
            {...form.register("reason")}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              {t("cancel")}
            </Button>
            <Button type="submit" variant="danger" pending={pending}>
              {t("submit")}
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
