"use client";
/**
 * What each delivery option's value is for, on the provider's channel page (issue 36, item 5):
 * whoever sends deliveries through the channel sees it beside each value they are asked for. Those
 * who may edit the channel state it here; it files no request (it changes no term of the channel).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { ProviderText } from "@/components/ui/provider-text";
import { OPTION_PURPOSE_MAX, optionPurposesSchema } from "@/lib/contract/forms/beneficiary-data-forms";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export interface OptionWithPurpose {
  fieldName: string;
  label: string;
  purpose: string;
}

/** The purposes as stated, for a role that may not edit the channel. */
export function OptionPurposeList({ options }: { options: OptionWithPurpose[] }) {
  const t = useTranslations("channels.purposes");
  if (options.length === 0) return <p className="text-sm text-slate-600">{t("none")}</p>;
  return (
    <dl className="space-y-2 text-sm">
      {options.map((option) => (
        <div key={option.fieldName}>
          <dt className="font-medium">
            <ProviderText>{option.label}</ProviderText>
          </dt>
          <dd className="text-slate-700">
            {option.purpose ? <ProviderText>{option.purpose}</ProviderText> : t("notStated")}
          </dd>
        </div>
      ))}
    </dl>
  );
}

export function OptionPurposesForm({
  providerDeliveryChannelId,
  options,
  save,
}: {
  providerDeliveryChannelId: string;
  options: OptionWithPurpose[];
  save: Action;
}) {
  const t = useTranslations("channels.purposes");
  const form = useForm<z.input<typeof optionPurposesSchema>>({
    resolver: zodResolver(optionPurposesSchema),
    defaultValues: {
      providerDeliveryChannelId,
      purposes: options.map(({ fieldName, purpose }) => ({ fieldName, purpose })),
    },
  });
  const { pending, run } = useAction(save, { form, success: t("saved") });
  if (options.length === 0) return <p className="text-sm text-slate-600">{t("none")}</p>;
  const errors = form.formState.errors.purposes;
  return (
    <form noValidate className="space-y-3" onSubmit={form.handleSubmit(run)}>
      <p className="text-sm text-slate-600">{t("hint")}</p>
      {options.map((option, index) => (
        <TextInput
          key={option.fieldName}
          label={option.label}
          maxLength={OPTION_PURPOSE_MAX}
          defaultValue={option.purpose}
          error={errors?.[index]?.purpose?.message ?? errors?.[index]?.fieldName?.message}
          {...form.register(`purposes.${index}.purpose`)}
        />
      ))}
      <Button type="submit" variant="secondary" pending={pending}>
        {t("save")}
      </Button>
    </form>
  );
}
