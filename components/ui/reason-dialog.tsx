"use client";
/**
 * A decision that needs a reason (rejecting a payment, an adjustment): a modal with the reason's field
 * and the decision's button. The caller owns the form, so that its action's refusal lands on the field.
 */
import type { ReactNode } from "react";
import type { UseFormReturn } from "react-hook-form";
import { Button } from "./button";
import { TextArea } from "./field";
import { Modal } from "./modal";

export function ReasonDialog({
  open,
  onClose,
  title,
  form,
  onSubmit,
  labels,
  pending,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  form: UseFormReturn<{ reason: string }>;
  onSubmit: (reason: string) => unknown;
  labels: { reason: string; cancel: string; submit: string };
  pending: boolean;
  /** What the decision means, above the field. */
  children?: ReactNode;
}) {
  return (
    <Modal open={open} title={title} onClose={onClose}>
      <form noValidate className="space-y-3" onSubmit={form.handleSubmit(({ reason }) => onSubmit(reason))}>
        {children}
        <TextArea
          label={labels.reason}
          rows={3}
          maxLength={500}
          error={form.formState.errors.reason?.message}
          {...form.register("reason")}
        />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            {labels.cancel}
          </Button>
          <Button type="submit" variant="danger" pending={pending}>
            {labels.submit}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
