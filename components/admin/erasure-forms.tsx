"use client";
/** The beneficiaries' data page: ask for an erasure; approve or reject another administrator's. */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { erasureRequestSchema } from "@/lib/contract/forms/beneficiary-data-forms";
import type { Action } from "@/lib/portal/action-result";

export function NewErasureForm({ request }: { request: Action }) {
  const t = useTranslations("beneficiaries");
  const { form, errors, pending, submit } = useActionForm(
    erasureRequestSchema,
    { beneficiaryId: "", reference: "" },
    request,
    t("form.asked"),
  );
  return (
    <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3 sm:items-end">
      <TextInput
        label={t("form.beneficiaryId")}
        error={errors.beneficiaryId?.message}
        {...form.register("beneficiaryId")}
      />
      <TextInput
        label={t("form.reference")}
        hint={t("form.referenceHint")}
        error={errors.reference?.message}
        {...form.register("reference")}
      />
      <Button type="submit" pending={pending}>
        {t("form.ask")}
      </Button>
    </form>
  );
}

export function ErasureDecision({
  erasureRequestId,
  beneficiaryId,
  decide,
}: {
  erasureRequestId: string;
  beneficiaryId: string;
  decide: Action;
}) {
  const t = useTranslations("beneficiaries");
  return (
    <div className="flex flex-wrap gap-2">
      <ConfirmAction
        action={decide}
        input={{ erasureRequestId, decision: "approve" }}
        options={{ success: t("decide.erased", { beneficiaryId }) }}
        label={t("decide.approve")}
        ariaLabel={t("decide.approveLabel", { beneficiaryId })}
        title={t("decide.approveTitle", { beneficiaryId })}
        confirmLabel={t("decide.approveConfirm")}
        tone="danger"
      >
        {t("decide.approveBody")}
      </ConfirmAction>
      <ConfirmAction
        action={decide}
        input={{ erasureRequestId, decision: "reject" }}
        options={{ success: t("decide.rejected", { beneficiaryId }) }}
        label={t("decide.reject")}
        ariaLabel={t("decide.rejectLabel", { beneficiaryId })}
        title={t("decide.rejectTitle", { beneficiaryId })}
        confirmLabel={t("decide.rejectConfirm")}
      >
        {t("decide.rejectBody")}
      </ConfirmAction>
    </div>
  );
}
