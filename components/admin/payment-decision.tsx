"use client";
/**
 * A finance approver's decision on one payment awaiting approval: "Approve", or "Reject" with a
 * reason (kept with the payment and in the audit trail). Shown only to someone who may still decide.
 */
import { zodResolver } from "@hookform/resolvers/zod";
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

const approvedMessage = (outcome: Outcome) =>
  outcome.state === "PENDING_APPROVAL"
    ? `Approved: ${outcome.approvals} of ${outcome.approvalsRequired} approvals.`
    : outcome.state === "SENT"
      ? "Approved: the delivery request was sent to the provider."
      : "Approved: the refund was requested from the provider.";

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
  const [open, setOpen] = useState(false);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: "" },
  });
  const approving = useAction(approve, { success: approvedMessage });
  const rejecting = useAction(reject, {
    form,
    success: "Rejected: nothing goes to the provider.",
    onSuccess: () => setOpen(false),
  });
  return (
    <div className="flex flex-wrap gap-2">
      <Button
        pending={approving.pending}
        aria-label={`Approve ${label}`}
        onClick={() => approving.run({ kind, id })}
      >
        Approve
      </Button>
      <Button variant="secondary" aria-label={`Reject ${label}`} onClick={() => setOpen(true)}>
        Reject
      </Button>
      <Modal open={open} title="Reject this payment" onClose={() => setOpen(false)}>
        <form
          noValidate
          className="space-y-3"
          onSubmit={form.handleSubmit(({ reason }) => rejecting.run({ kind, id, reason }))}
        >
          <p>
            Rejecting {label} means it is never sent; a delivery request&apos;s reserved amount returns to its
            budgets at once.
          </p>
          <TextArea
            label="Reason for the rejection"
            rows={3}
            maxLength={500}
            error={form.formState.errors.reason?.message}
            {...form.register("reason")}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" variant="danger" pending={rejecting.pending}>
              Reject
            </Button>
          </div>
        </form>
      </Modal>
    </div>
  );
}
