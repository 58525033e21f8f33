"use client";
/**
 * Settling one break (issue 32, item 5): a finance approver proposes an adjustment of a kind the
 * break allows, with why; another finance approver approves it (confirmed first: approving may move
 * money) or rejects it with a reason.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { SelectInput, TextArea } from "@/components/ui/field";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import {
  type AdjustmentKind,
  proposeAdjustmentSchema,
  rejectAdjustmentSchema,
} from "@/lib/contract/reconciliation/break-adjustment-schema";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function ProposeAdjustmentForm({
  breakId,
  kinds,
  propose,
}: {
  breakId: string;
  kinds: AdjustmentKind[];
  propose: Action;
}) {
  const t = useTranslations("statement.break");
  const form = useForm<
    z.input<typeof proposeAdjustmentSchema>,
    unknown,
    z.output<typeof proposeAdjustmentSchema>
  >({
    resolver: zodResolver(proposeAdjustmentSchema),
    defaultValues: { breakId, kind: kinds[0], reason: "" },
  });
  const { pending, run } = useAction(propose, { form, success: t("proposed") });
  const kind = form.watch("kind") as AdjustmentKind;
  return (
    <form noValidate className="max-w-xl space-y-3" onSubmit={form.handleSubmit(run)}>
      <p className="text-sm text-slate-600">{t("proposeHint")}</p>
      <SelectInput
        label={t("kind")}
        hint={t(`kindHints.${kind}`)}
        error={form.formState.errors.kind?.message}
        {...form.register("kind")}
      >
        {kinds.map((option) => (
          <option key={option} value={option}>
            {t(`kinds.${option}`)}
          </option>
        ))}
      </SelectInput>
      <TextArea
        label={t("reason")}
        rows={3}
        maxLength={500}
        error={form.formState.errors.reason?.message}
        {...form.register("reason")}
      />
      <Button type="submit" pending={pending}>
        {t("propose")}
      </Button>
    </form>
  );
}

const reasonSchema = rejectAdjustmentSchema.pick({ reason: true });

export function AdjustmentDecision({
  adjustmentId,
  kind,
  approvals,
  approvalsRequired,
  approve,
  reject,
}: {
  adjustmentId: string;
  kind: AdjustmentKind;
  approvals: number;
  approvalsRequired: number;
  approve: Action;
  reject: Action;
}) {
  const t = useTranslations("statement.break");
  const [open, setOpen] = useState(false);
  const form = useForm<{ reason: string }>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { reason: "" },
  });
  const approving = useAction(approve, { success: t("approvedDone") });
  const rejecting = useAction(reject, { form, success: t("rejectedDone"), onSuccess: () => setOpen(false) });
  const final = approvals + 1 >= approvalsRequired;
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmDialog
        title={t("confirmTitle")}
        confirmLabel={t("approve")}
        pending={approving.pending}
        onConfirm={async () => {
          await approving.run({ adjustmentId });
        }}
        trigger={(openDialog) => <Button onClick={openDialog}>{t("approve")}</Button>}
      >
        <p>
          {final
            ? t("confirmFinal", { what: t(`kindHints.${kind}`) })
            : t("confirmPartial", { next: approvals + 1, required: approvalsRequired })}
        </p>
      </ConfirmDialog>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("reject")}
      </Button>
      <ReasonDialog
        open={open}
        onClose={() => setOpen(false)}
        title={t("reject")}
        form={form}
        onSubmit={(reason) => rejecting.run({ adjustmentId, reason })}
        labels={{ reason: t("rejectReason"), cancel: t("cancel"), submit: t("reject") }}
        pending={rejecting.pending}
      />
    </div>
  );
}
