"use client";
/**
 * Rotates an hmac subscription's secret in a dialog: a secret entered or generated (then shown this
 * once), and a grace period during which the previous secret still signs webhook-signature.
 */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { CopyButton } from "@/components/ui/copy-button";
import { DialogActions, DialogButton } from "@/components/ui/dialog-button";
import { SelectInput, TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import {
  GRACE_HOURS_CHOICES,
  type RotatedSecret,
  rotateSecretSchema,
} from "@/lib/contract/forms/webhook-forms";
import { useFormat } from "@/lib/i18n/use-format";
import type { Action } from "@/lib/portal/action-result";

export function RotateSecretButton({
  eventType,
  rotate,
}: {
  eventType: string;
  rotate: Action<RotatedSecret>;
}) {
  const t = useTranslations("webhooks.rotate");
  return (
    <DialogButton label={t("button")} title={t("title", { eventType })}>
      {(close) => <RotateSecretForm eventType={eventType} rotate={rotate} close={close} />}
    </DialogButton>
  );
}

/** Mounted only while the dialog is open, so each opening starts empty. */
function RotateSecretForm({
  eventType,
  rotate,
  close,
}: {
  eventType: string;
  rotate: Action<RotatedSecret>;
  close: () => void;
}) {
  const t = useTranslations("webhooks.rotate");
  const { form, errors, created, pending, submit } = useActionForm(
    rotateSecretSchema,
    { eventType, secret: "", graceHours: 24 },
    rotate,
    t("rotated"),
  );
  // Whole days from a day on, hours below it.
  const graceLabel = (hours: number) =>
    hours === 0
      ? t("grace.none")
      : hours < 24
        ? t("grace.hours", { hours })
        : t("grace.days", { days: hours / 24 });
  if (created) return <Rotated rotated={created} close={close} />;
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextInput
        label={t("newSecret")}
        type="password"
        autoComplete="new-password"
        hint={t("newSecretHint")}
        error={errors.secret?.message}
        {...form.register("secret")}
      />
      <SelectInput
        label={t("gracePeriod")}
        error={errors.graceHours?.message}
        {...form.register("graceHours", { valueAsNumber: true })}
      >
        {GRACE_HOURS_CHOICES.map((hours) => (
          <option key={hours} value={hours}>
            {graceLabel(hours)}
          </option>
        ))}
      </SelectInput>
      <p className="text-xs text-slate-600">{t("graceExplained")}</p>
      <DialogActions cancel={t("cancel")} submit={t("button")} pending={pending} onCancel={close} />
    </form>
  );
}

function Rotated({ rotated, close }: { rotated: RotatedSecret; close: () => void }) {
  const t = useTranslations("webhooks.rotate");
  const format = useFormat();
  const secret = rotated.generatedSecret;
  return (
    <div className="space-y-3">
      {secret && (
        <section aria-label={t("newSecret")} className="rounded-md border border-green-300 bg-green-50 p-3">
          <p className="font-medium text-green-900">{t("generated")}</p>
          <code data-testid="new-webhook-secret" className="mt-2 block font-mono break-all">
            {secret}
          </code>
          <CopyButton text={secret} label={t("copy")} failed={t("copyFailed")} className="mt-2" />
        </section>
      )}
      <p>
        {rotated.previousValidUntil
          ? t("previousUntil", { date: format.dateTime(new Date(rotated.previousValidUntil)) })
          : t("onlyNew")}
      </p>
      <div className="flex justify-end">
        <Button onClick={close}>{t("done")}</Button>
      </div>
    </div>
  );
}
