"use client";
/**
 * A program's approval policy (administrators): above each threshold a payment waits for that many
 * approvals from distinct finance approvers. An empty threshold means no approval is needed.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useLocale, useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { MoneyInput, useReadAmount } from "@/components/ui/money-input";
import { amountInputText } from "@/lib/amount-text";
import { approvalPolicySchema } from "@/lib/contract/forms/payment-approval-forms";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

type Policy = Omit<z.output<typeof approvalPolicySchema>, "programId">;

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
  const locale = useLocale();
  const form = useForm<z.input<typeof approvalPolicySchema>, unknown, z.output<typeof approvalPolicySchema>>({
    resolver: zodResolver(approvalPolicySchema),
    // The thresholds as the reader's language writes them: the fields read them back that way.
    defaultValues: {
      programId,
      ...policy,
      deliveryThreshold: amountInputText(policy.deliveryThreshold, locale) as unknown as number,
      refundThreshold: amountInputText(policy.refundThreshold, locale) as unknown as number,
    },
  });
  const t = useTranslations("programs.policy");
  // A blank threshold reads as null: no approval needed.
  const readThreshold = useReadAmount();
  const { errors } = form.formState;
  const { pending, run } = useAction(save, { form, success: t("saved") });
  return (
    <form noValidate className="grid gap-3 md:grid-cols-2" onSubmit={form.handleSubmit(run)}>
      <MoneyInput
        label={t("deliveryAbove", { unit })}
        unit={unit}
        hint={t("emptyHint")}
        error={errors.deliveryThreshold?.message}
        {...form.register("deliveryThreshold", { setValueAs: readThreshold })}
      />
      <TextInput
        label={t("deliveryApprovals")}
        inputMode="numeric"
        error={errors.deliveryApprovalsRequired?.message}
        {...form.register("deliveryApprovalsRequired", { setValueAs: asCount })}
      />
      <MoneyInput
        label={t("refundAbove", { unit })}
        unit={unit}
        hint={t("emptyHint")}
        error={errors.refundThreshold?.message}
        {...form.register("refundThreshold", { setValueAs: readThreshold })}
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
