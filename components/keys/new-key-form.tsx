"use client";
/** Issues an API key (name, scope, optional expiry) and shows it this once. */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { SelectInput, TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { newApiKeySchema } from "@/lib/contract/forms/api-key-forms";
import type { Action } from "@/lib/portal/action-result";
import { ShownOnceKey } from "./shown-once-key";

export function NewKeyForm({ createKey }: { createKey: Action<{ key: string; prefix: string }> }) {
  const t = useTranslations("keys.newKey");
  const {
    form,
    errors,
    created: issued,
    pending,
    submit,
  } = useActionForm(newApiKeySchema, { name: "", scope: "full", expiresAt: "" }, createKey, t("created"));

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <TextInput
          label={t("name")}
          placeholder={t("namePlaceholder")}
          error={errors.name?.message}
          {...form.register("name")}
        />
        <SelectInput label={t("scope")} error={errors.scope?.message} {...form.register("scope")}>
          <option value="full">{t("scopeFull")}</option>
          <option value="read">{t("scopeRead")}</option>
        </SelectInput>
        <TextInput
          type="datetime-local"
          label={t("expires")}
          error={errors.expiresAt?.message}
          {...form.register("expiresAt")}
        />
        <Button type="submit" pending={pending}>
          {t("submit")}
        </Button>
      </form>
      {issued && <ShownOnceKey apiKey={issued.key} />}
    </div>
  );
}
