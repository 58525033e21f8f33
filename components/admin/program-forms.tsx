"use client";
/**
 * The program pages' forms: create a program, attach a channel. Sending deliveries is
 * delivery-request-form.tsx; refunds refund-dialog.tsx.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { ChoiceSelect, useChoice } from "@/components/ui/choice";
import { SelectInput, TextInput } from "@/components/ui/field";
import { InlineForm } from "@/components/ui/inline-form";
import { MoneyInput, useReadAmount } from "@/components/ui/money-input";
import { DEFAULT_RETENTION_DAYS, programInputSchema } from "@/lib/contract/forms/program-forms";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

type Choices = ReadonlyArray<readonly [code: string, name: string]>;

/** `units`: the currencies and commodities a program can count in, each with its name. */
export function CreateProgramForm({
  units,
  create,
}: {
  units: { currencies: Choices; commodities: Choices };
  create: Action<{ id: string }>;
}) {
  const form = useForm<z.input<typeof programInputSchema>, unknown, z.output<typeof programInputSchema>>({
    resolver: zodResolver(programInputSchema),
    defaultValues: { name: "", description: "", unit: "EUR", retentionDays: String(DEFAULT_RETENTION_DAYS) },
  });
  const t = useTranslations("programs");
  const readAmount = useReadAmount();
  const { errors } = form.formState;
  const { pending, run } = useAction(create, {
    form,
    success: t("createForm.created"),
    navigate: (program) => `/admin/programs/${program.id}`,
    refresh: false,
  });
  return (
    <form noValidate className="grid gap-3 md:grid-cols-2" onSubmit={form.handleSubmit(run)}>
      <TextInput label={t("createForm.name")} error={errors.name?.message} {...form.register("name")} />
      <SelectInput label={t("createForm.unit")} error={errors.unit?.message} {...form.register("unit")}>
        <optgroup label={t("createForm.currencies")}>
          {units.currencies.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </optgroup>
        <optgroup label={t("createForm.commodities")}>
          {units.commodities.map(([code, name]) => (
            <option key={code} value={code}>
              {name}
            </option>
          ))}
        </optgroup>
      </SelectInput>
      <MoneyInput
        label={t("createForm.virtualBudget")}
        unit={form.watch("unit")}
        error={errors.virtualBudget?.message}
        {...form.register("virtualBudget", { setValueAs: readAmount })}
      />
      <TextInput
        label={t("createForm.description")}
        error={errors.description?.message}
        {...form.register("description")}
      />
      <TextInput
        label={t("createForm.retentionDays")}
        hint={t("createForm.retentionHint")}
        inputMode="numeric"
        error={errors.retentionDays?.message}
        {...form.register("retentionDays")}
      />
      <div className="md:col-span-2">
        <Button type="submit" pending={pending}>
          {t("createForm.submit")}
        </Button>
      </div>
    </form>
  );
}

export function AddChannelForm({
  programId,
  candidates,
  add,
}: {
  programId: string;
  candidates: Array<{ id: string; label: string }>;
  add: Action;
}) {
  const t = useTranslations("programs");
  const [channelId, setChannelId] = useChoice(candidates.map((candidate) => candidate.id));
  const { pending, run } = useAction(add, { success: t("addChannel.added") });
  if (candidates.length === 0) return <p className="text-sm text-slate-600">{t("addChannel.none")}</p>;
  return (
    <InlineForm onSubmit={() => run({ programId, channelId })}>
      <ChoiceSelect
        label={t("addChannel.label")}
        choices={candidates}
        value={channelId}
        onChange={setChannelId}
      />
      <Button type="submit" variant="secondary" pending={pending}>
        {t("addChannel.submit")}
      </Button>
    </InlineForm>
  );
}
