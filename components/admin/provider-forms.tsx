"use client";
/**
 * The providers page's forms: create an organisation (its first API key shown once), regenerate its
 * API key (shown once). Its owner is invited (components/users/invite-form.tsx).
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { newProviderSchema } from "@/lib/contract/forms/provider-forms";
import type { Action } from "@/lib/portal/action-result";

function ShownOnce({ label, value }: { label: string; value: string }) {
  const t = useTranslations("providers.forms");
  return (
    <section aria-label={label} className="mt-3 rounded-md border border-green-300 bg-green-50 p-3 text-sm">
      <p className="font-medium text-green-900">{t("shownOnce", { label })}</p>
      <code data-testid="shown-once" className="mt-1 block font-mono break-all">
        {value}
      </code>
    </section>
  );
}

export function CreateProviderForm({ create }: { create: Action<{ id: string; key: string }> }) {
  const t = useTranslations("providers.forms");
  const { form, errors, created, pending, submit } = useActionForm(
    newProviderSchema,
    { name: "" },
    create,
    t("created"),
  );
  return (
    <form noValidate onSubmit={submit}>
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextInput label={t("organisationName")} error={errors.name?.message} {...form.register("name")} />
        </div>
        <Button type="submit" pending={pending}>
          {t("create")}
        </Button>
      </div>
      {created && <ShownOnce label={t("providerKey")} value={created.key} />}
    </form>
  );
}

export function RegenerateKeyButton({
  providerId,
  regenerate,
}: {
  providerId: string;
  regenerate: Action<{ key: string }>;
}) {
  const t = useTranslations("providers.forms");
  const [key, setKey] = useState<string>();
  return (
    <div>
      <ConfirmAction
        action={regenerate}
        input={{ providerId }}
        options={{
          success: t("regenerated"),
          onSuccess: (data) => setKey(data.key),
        }}
        label={t("regenerate")}
        title={t("regenerateTitle")}
        confirmLabel={t("regenerateConfirm")}
      >
        {t("regenerateBody")}
      </ConfirmAction>
      {key && <ShownOnce label={t("newKey")} value={key} />}
    </div>
  );
}
