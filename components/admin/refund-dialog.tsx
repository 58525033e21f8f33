"use client";
/** "Request refund" on a delivery: a confirmation that asks for the reason, kept with the delivery. */
import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import type { ActionResult } from "@/lib/portal/action-result";
import { callAction } from "@/lib/portal/call-action";

export function RefundButton({
  programId,
  delivery,
  refund,
}: {
  programId: string;
  delivery: { id: string; beneficiaryId: string; amount: string; providerName: string };
  refund: (programId: string, deliveryId: string, reason: string) => Promise<ActionResult<undefined>>;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string>();
  const [pending, startTransition] = useTransition();
  const reasonId = useId();
  const confirm = () => {
    if (!reason.trim()) return setError("Enter a reason for the refund");
    startTransition(async () => {
      const result = await callAction(() => refund(programId, delivery.id, reason));
      if (!result.ok) {
        setError(result.fieldErrors?.reason);
        return void toast.error(result.error);
      }
      setOpen(false);
      toast.success("Refund requested from the provider.");
      router.refresh();
    });
  };
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
          onSubmit={(event) => {
            event.preventDefault();
            confirm();
          }}
        >
          <p>
            {delivery.providerName} will be asked to reverse the delivery of {delivery.amount} to{" "}
            <span className="font-mono">{delivery.beneficiaryId}</span>. The amount returns to the budgets
            when the provider reports it reverted. This cannot be withdrawn.
          </p>
          <Field
            label="Reason for the refund"
            htmlFor={reasonId}
            error={error}
            hint="Kept with the delivery and in the audit log; the provider's event carries only the delivery id."
          >
            <textarea
              id={reasonId}
              rows={3}
              maxLength={500}
              className={inputClass}
              value={reason}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${reasonId}-error` : `${reasonId}-hint`}
              onChange={(event) => {
                setReason(event.target.value);
                setError(undefined);
              }}
            />
          </Field>
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
