"use client";
/**
 * Create or edit a delivery channel. react-hook-form holds the values; channelFormSchema (through
 * toChannelBody) judges them: the contract's channelBodySchema plus what a usable channel needs (a
 * name, a landing page, a category), so the form accepts a subset of what the API accepts.
 * Enumerated fields are fed by the lookup values (lookup-fields.tsx); lists of contacts and delivery
 * options can be added to, removed from and reordered (list-sections.tsx).
 */
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { channelFormSchema } from "@/lib/contract/channel-form";
import type { RequestReceipt } from "@/lib/contract/envelope-schema";
import type { Action } from "@/lib/portal/action-result";
import { contractResolver } from "@/lib/portal/contract-resolver";
import { useAction } from "@/lib/portal/use-action";
import { ChannelIdField } from "./channel-id-field";
import { ErrorSummary, RequiredMark } from "./error-summary";
import { type ChannelFormValues, toChannelBody } from "./form-values";
import { ContactsSection, DeliveryOptionsSection } from "./list-sections";
import { AvailabilitySection, BudgetSection, TranslationFields } from "./lookup-fields";
import { Receipt } from "./receipt";
import type { ErrorAt, SectionProps } from "./section-props";

export function ChannelForm({
  mode,
  initialValues,
  action,
}: {
  mode: "create" | "edit";
  initialValues: ChannelFormValues;
  action: Action<RequestReceipt>;
}) {
  const t = useTranslations("channelForm");
  const locale = useLocale();
  // The budget's amount is read the way the reader's language writes numbers.
  const channelResolver = useMemo(
    () => contractResolver(channelFormSchema, (values: ChannelFormValues) => toChannelBody(values, locale)),
    [locale],
  );
  const [receipt, setReceipt] = useState<RequestReceipt>();
  const form = useForm<ChannelFormValues>({
    resolver: channelResolver,
    defaultValues: initialValues,
    mode: "onTouched",
    reValidateMode: "onChange",
  });
  const {
    register,
    control,
    handleSubmit,
    formState: { errors, submitCount },
  } = form;
  const { pending, run } = useAction(action, {
    form,
    success: t("form.success"),
    onSuccess: setReceipt,
    refresh: false,
  });

  if (receipt) return <Receipt receipt={receipt} />;
  const error: ErrorAt = (path) =>
    path
      .split(".")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      | { message?: string }
      | undefined;
  const sections: SectionProps = { control, register, error };

  return (
    <form
      onSubmit={handleSubmit(
        (values) => run(toChannelBody(values, locale)),
        () => toast.error(t("form.fixFields")),
      )}
      noValidate
      className="space-y-6"
    >
      <Card title={t("form.theChannel")}>
        <div className="grid gap-4 md:grid-cols-2">
          <ChannelIdField
            registration={register("providerDeliveryChannelId")}
            readOnly={mode === "edit"}
            error={error("providerDeliveryChannelId")?.message}
            onGenerate={(id) =>
              form.setValue("providerDeliveryChannelId", id, {
                shouldDirty: true,
                shouldTouch: true,
                shouldValidate: true,
              })
            }
          />
          <TextInput
            label={
              <>
                {t("form.landingPage")}
                <RequiredMark />
              </>
            }
            aria-required
            placeholder="www.example.org"
            error={error("landingPage")?.message}
            {...register("landingPage")}
          />
          <TranslationFields label={t("form.name")} name="name" {...sections} />
          <TranslationFields label={t("form.shortDescription")} name="shortDescription" {...sections} />
        </div>
      </Card>

      <AvailabilitySection control={control} error={error} />
      <BudgetSection {...sections} />
      <ContactsSection {...sections} />
      <CallCenterSection {...sections} />
      <DeliveryOptionsSection {...sections} />
      <ErrorSummary errors={errors} submitted={submitCount > 0} />

      <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        <Link href="/channels" className="text-sm text-slate-700 hover:underline">
          {t("form.cancel")}
        </Link>
        <Button type="submit" pending={pending}>
          {mode === "create" ? t("form.requestChannel") : t("form.requestChanges")}
        </Button>
      </div>
    </form>
  );
}

const CALL_CENTER_FIELDS = [
  { name: "phone" },
  { name: "email", type: "email" },
  { name: "website" },
  { name: "whatsapp" },
] as const;

function CallCenterSection({ register, error }: SectionProps) {
  const t = useTranslations("channelForm");
  return (
    <Card title={t("callCenter.title")}>
      <div className="grid gap-4 md:grid-cols-2">
        {CALL_CENTER_FIELDS.map(({ name, ...input }) => (
          <TextInput
            key={name}
            label={t(`callCenter.${name}`)}
            {...input}
            error={error(`callCenter.${name}`)?.message}
            {...register(`callCenter.${name}`)}
          />
        ))}
      </div>
    </Card>
  );
}
