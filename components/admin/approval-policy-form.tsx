"use client";
/**
 * A program's approval policy (administrators): above each threshold a payment waits for that many
 * approvals from distinct finance approvers. An empty threshold means no approval is needed.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { approvalPolicySchema } from "@/lib/contract/forms/payment-approvals";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

type Policy = Omit<z.output<typeof approvalPolicySchema>, "programId">;

/** The threshold field's text as a number, null when blank (no policy), NaN when not a number. */
const asThreshold = (text: unknown) =>
  typeof text === "number" ? text : String(text ?? "").trim() === "" ? null : Number(text);
const asCount = (text: unknown) => (String(text ?? "").trim() === "" ? Number.NaN : Number(text));

export function ApprovalPolicyForm({
  programId,
  unit,
  policy,
  save,
}: {
  programId: string;
  unit: string;
  policy: Policy;
  save: Action;
}) {
  const form = useForm<z.input<typeof approvalPolicySchema>, unknown, z.output<typeof approvalPolicySchema>>({
    resolver: zodResolver(approvalPolicySchema),
    defaultValues: { programId, ...policy },
  });
  const t = useTranslations("programs.policy");
  const { errors } = form.formState;
  const { pending, run } = useAction(save, { form, success: t("saved") });
  return (
    <form noValidate className="grid gap-3 md:grid-cols-2" onSubmit={form.handleSubmit(run)}>
      <TextInput
        label={t("deliveryAbove", { unit })}
        inputMode="decimal"
        hint={t("emptyHint")}
        error={errors.deliveryThreshold?.message}
        {...form.register("deliveryThreshold", { setValueAs: asThreshold })}
      />
      <TextInput
        label={t("deliveryApprovals")}
        inputMode="numeric"
        error={errors.deliveryApprovalsRequired?.message}
        {...form.register("deliveryApprovalsRequired", { setValueAs: asCount })}
      />
      <TextInput
        label={t("refundAbove", { unit })}
        inputMode="decimal"
        hint={t("emptyHint")}
        error={errors.refundThreshold?.message}
        {...form.register("refundThreshold", { setValueAs: asThreshold })}
      />
      <TextInput
        label={t("refundApprovals")}
        inputMode="numeric"
        error={errors.refundApprovalsRequired?.message}
        {...form.register("refundApprovalsRequired", { setValueAs: asCount })}
      />
      <div className="md:col-span-2">
        <Button type="submit" pending={pending}>
          {t("save")}
        </Button>
      </div>
    </form>
  );
}
