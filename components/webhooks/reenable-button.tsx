"use client";
/** Re-enables a disabled subscription in a dialog, optionally recovering the events it missed. */
import { useTranslations } from "next-intl";
import { DialogActions, DialogButton } from "@/components/ui/dialog-button";
import { TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { RECOVERY_MAX_DAYS, RECOVERY_MAX_EVENTS, reenableSchema } from "@/lib/contract/forms/webhook-forms";
import type { Action } from "@/lib/portal/action-result";

type Reenabled = { recovered: number };

export function ReenableButton({ eventType, reenable }: { eventType: string; reenable: Action<Reenabled> }) {
  const t = useTranslations("webhooks.reenable");
  return (
    <DialogButton label={t("button")} title={t("title", { eventType })}>
      {(close) => <ReenableForm eventType={eventType} reenable={reenable} close={close} />}
    </DialogButton>
  );
}

function ReenableForm({
  eventType,
  reenable,
  close,
}: {
  eventType: string;
  reenable: Action<Reenabled>;
  close: () => void;
}) {
  const t = useTranslations("webhooks.reenable");
  const { form, errors, pending, submit } = useActionForm(
    reenableSchema,
    { eventType, recoverSince: "" },
    reenable,
    ({ recovered }) => (recovered ? t("recovered", { count: recovered }) : t("reenabled")),
  );
  return (
    // On success the page shows the subscription enabled, without this button and its dialog.
    <form onSubmit={submit} noValidate className="space-y-3">
      <p>{t("intro")}</p>
      <TextInput
        label={t("recoverSince")}
        type="datetime-local"
        hint={t("recoverHint", { days: RECOVERY_MAX_DAYS, events: RECOVERY_MAX_EVENTS })}
        error={errors.recoverSince?.message}
        {...form.register("recoverSince")}
      />
      <DialogActions cancel={t("cancel")} submit={t("button")} pending={pending} onCancel={close} />
    </form>
  );
}
