"use client";
/** "Request refund" on a delivery: a confirmation that asks for the reason, kept with the delivery. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { TextArea } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { refundSchema } from "@/lib/contract/forms/programs";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

const reasonSchema = refundSchema.pick({ reason: true });

export function RefundButton({
  programId,
  delivery,
  refund,
}: {
  programId: string;
  delivery: { id: string; beneficiaryId: string; amount: string; providerName: string };
  refund: Action<"REQUESTED" | "PENDING_APPROVAL">;
}) {
  const [open, setOpen] = useState(false);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: "" },
  });
  const { pending, run } = useAction(refund, {
    form,
    success: (outcome) =>
      outcome === "PENDING_APPROVAL"
        ? "The refund awaits finance approval before the provider is asked."
        : "Refund requested from the provider.",
    onSuccess: () => setOpen(false),
  });
  return (
    <>
      <Button
        variant="ghost"
        aria-label={`Request a refund of the delivery to ${delivery.beneficiaryId}`}
        onClick={() => setOpen(true)}
      >
        Request refund
      </Button>
      <Modal open={open} title="Request a refund" onClose={() => setOpen(false)}>
        <form
          noValidate
          className="space-y-3"
          onSubmit={form.handleSubmit(({ reason }) => run({ programId, deliveryId: delivery.id, reason }))}
        >
          <p>
            {delivery.providerName} will be asked to reverse the delivery of {delivery.amount} to{" "}
            <span className="font-mono">{delivery.beneficiaryId}</span>. The amount returns to the budgets
            when the provider reports it reverted. This cannot be withdrawn.
          </p>
          <TextArea
            label="Reason for the refund"
            rows={3}
            maxLength={500}
            error={form.formState.errors.reason?.message}
            hint="Kept with the delivery and in the audit log; the provider's event carries only the delivery id."
            {...form.register("reason")}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" pending={pending}>
              Request refund
            </Button>
          </div>
        </form>
      </Modal>
    </>
  );
}
