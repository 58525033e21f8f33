"use client";
/**
 * A program's reconciliation window (administrators, issue 32, item 4): the days after a send by which
 * the provider reports every outcome; empty for none.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { reconciliationWindowSchema } from "@/lib/contract/reconciliation/reconciliation-window-schema";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function ReconciliationWindowForm({
  programId,
  windowDays,
  save,
}: {
  programId: string;
  windowDays: number | null;
  save: Action;
}) {
  const form = useForm<
    z.input<typeof reconciliationWindowSchema>,
    unknown,
    z.output<typeof reconciliationWindowSchema>
  >({
    resolver: zodResolver(reconciliationWindowSchema),
    defaultValues: { programId, windowDays: windowDays === null ? "" : String(windowDays) },
  });
  const t = useTranslations("programs.detail.reconciliationWindow");
  const { pending, run } = useAction(save, { form, success: t("saved") });
  return (
    <form noValidate className="mt-4 flex flex-wrap items-end gap-3" onSubmit={form.handleSubmit(run)}>
      <div className="w-40">
        <TextInput
          label={t("days")}
          inputMode="numeric"
          hint={t("hint")}
          error={form.formState.errors.windowDays?.message}
          {...form.register("windowDays")}
        />
      </div>
      <Button type="submit" variant="secondary" pending={pending}>
        {t("save")}
      </Button>
    </form>
  );
}

/** The program page's card: the window in words, and its form for those who may set it (`save`). */
export function ReconciliationWindowCard({
  programId,
  windowDays,
  save,
}: {
  programId: string;
  windowDays: number | null;
  save?: Action;
}) {
  const t = useTranslations("programs.detail.reconciliationWindow");
  return (
    <Card title={t("title")}>
      <p className="text-sm">{windowDays === null ? t("none") : t("policy", { days: windowDays })}</p>
      {save && <ReconciliationWindowForm programId={programId} windowDays={windowDays} save={save} />}
    </Card>
  );
}
