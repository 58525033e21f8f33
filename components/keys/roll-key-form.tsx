"use client";
/**
 * Rolls a key: issues its successor (shown once) and keeps the old key working until the chosen
 * grace end, so the integration can switch without downtime.
 */
import { useTranslations } from "next-intl";
import { useRef } from "react";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { rollApiKeySchema } from "@/lib/contract/forms/api-key-forms";
import { isolated } from "@/lib/format";
import type { Action } from "@/lib/portal/action-result";
import { ShownOnceKey } from "./shown-once-key";

/** A datetime-local value as one unbreakable word: a line break inside it scrambles it on a right-to-left page. */
const unbroken = (value: string) => value.replace("T", "\u00a0").replaceAll("-", "\u2011");

const GRACE_DEFAULT_HOURS = 7 * 24;

/** A datetime-local value (UTC) this many hours ahead. */
const hoursAhead = (hours: number) => new Date(Date.now() + hours * 3_600_000).toISOString().slice(0, 16);

export function RollKeyForm({
  apiKeyId,
  roll,
}: {
  apiKeyId: string;
  roll: Action<{ key: string; prefix: string; apiKeyId: string }>;
}) {
  const t = useTranslations("keys.roll");
  const { form, errors, created, pending, submit } = useActionForm(
    rollApiKeySchema,
    // A week: an integration's release cycle can meet it (a day could not; the form allows 30).
    { apiKeyId, graceEndsAt: hoursAhead(GRACE_DEFAULT_HOURS) },
    roll,
    t("rolled"),
  );
  const formRef = useRef<HTMLFormElement>(null);
  const graceEndsAt = form.watch("graceEndsAt") ?? "";
  return (
    <div className="space-y-4">
      <form ref={formRef} onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <input type="hidden" {...form.register("apiKeyId")} />
        <div className="min-w-64">
          <TextInput
            type="datetime-local"
            label={t("graceEndsAt")}
            hint={t("graceHint")}
            error={errors.graceEndsAt?.message}
            {...form.register("graceEndsAt")}
          />
        </div>
        {/* A roll cannot be undone: it says when the old key stops before it issues the new one. */}
        <ConfirmDialog
          title={t("confirmTitle")}
          confirmLabel={t("submit")}
          pending={pending}
          onConfirm={() => formRef.current?.requestSubmit()}
          trigger={(open) => (
            <Button pending={pending} onClick={open}>
              {t("submit")}
            </Button>
          )}
        >
          <p>{t("confirmBody", { graceEndsAt: isolated(unbroken(graceEndsAt)) })}</p>
        </ConfirmDialog>
      </form>
      {created && <ShownOnceKey apiKey={created.key} label={t("newKey")} />}
    </div>
  );
}
