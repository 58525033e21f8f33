"use client";
/** The API tokens page: issue a platform token (name, days until it expires) shown once; revoke one. */
import { useTranslations } from "next-intl";
import { ShownOnceKey } from "@/components/keys/shown-once-key";
import { Button } from "@/components/ui/button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { SelectInput, TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { newPlatformTokenSchema } from "@/lib/contract/forms/platform-token-forms";
import type { Action } from "@/lib/portal/action-result";

const EXPIRY_CHOICES = [7, 30, 90, 365];

export function NewTokenForm({ issue }: { issue: Action<{ token: string; prefix: string }> }) {
  const t = useTranslations("tokens");
  const { form, errors, created, pending, submit } = useActionForm(
    newPlatformTokenSchema,
    { name: "", expiresInDays: "30" },
    issue,
    t("form.created"),
  );
  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <TextInput
          label={t("form.name")}
          placeholder={t("form.namePlaceholder")}
          error={errors.name?.message}
          {...form.register("name")}
        />
        <SelectInput
          label={t("form.expiresAfter")}
          error={errors.expiresInDays?.message}
          {...form.register("expiresInDays")}
        >
          {EXPIRY_CHOICES.map((days) => (
            <option key={days} value={String(days)}>
              {t("form.days", { days })}
            </option>
          ))}
        </SelectInput>
        <Button type="submit" pending={pending}>
          {t("form.create")}
        </Button>
      </form>
      {created && <ShownOnceKey apiKey={created.token} label={t("form.shownOnce")} />}
    </div>
  );
}

export function RevokeTokenButton({
  tokenId,
  prefix,
  revoke,
}: {
  tokenId: string;
  prefix: string;
  revoke: Action;
}) {
  const t = useTranslations("tokens");
  return (
    <ConfirmAction
      action={revoke}
      input={{ tokenId }}
      options={{ success: t("revoke.done", { prefix }) }}
      label={t("revoke.label")}
      ariaLabel={t("revoke.ariaLabel", { prefix })}
      title={t("revoke.title", { prefix })}
      confirmLabel={t("revoke.confirm")}
    >
      {t("revoke.body")}
    </ConfirmAction>
  );
}
