"use client";
/**
 * A program's retention period for beneficiaries' values (administrators, issue 36). Shortening it
 * erases what is already past the new period at the retention worker's next hourly round: the form
 * says so before it is saved.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { retentionPeriodSchema } from "@/lib/contract/forms/program-forms";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function RetentionForm({
  programId,
  retentionDays,
  save,
}: {
  programId: string;
  retentionDays: number;
  save: Action;
}) {
  const form = useForm<
    z.input<typeof retentionPeriodSchema>,
    unknown,
    z.output<typeof retentionPeriodSchema>
  >({
    resolver: zodResolver(retentionPeriodSchema),
    defaultValues: { programId, retentionDays: String(retentionDays) },
  });
  const t = useTranslations("programs.detail.retention");
  const { pending, run } = useAction(save, { form, success: t("saved") });
  const typed = Number(form.watch("retentionDays"));
  const shorter = Number.isInteger(typed) && typed > 0 && typed < retentionDays;
  return (
    <form noValidate className="mt-4 flex flex-wrap items-end gap-3" onSubmit={form.handleSubmit(run)}>
      <div className="w-40">
        <TextInput
          label={t("days")}
          inputMode="numeric"
          error={form.formState.errors.retentionDays?.message}
          {...form.register("retentionDays")}
        />
      </div>
      <Button type="submit" variant="secondary" pending={pending}>
        {t("save")}
      </Button>
      {shorter && (
        <p role="status" className="basis-full text-sm text-amber-900">
          {t("shorterWarning")}
        </p>
      )}
    </form>
  );
}
