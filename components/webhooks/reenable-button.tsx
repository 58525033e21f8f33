"use client";
/** Re-enables a disabled subscription in a dialog, optionally recovering the events it missed. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { useActionForm } from "@/components/ui/use-action-form";
import { RECOVERY_MAX_DAYS, RECOVERY_MAX_EVENTS, reenableSchema } from "@/lib/contract/forms/webhooks";
import type { Action } from "@/lib/portal/action-result";

type Reenabled = { recovered: number };

export function ReenableButton({ eventType, reenable }: { eventType: string; reenable: Action<Reenabled> }) {
  const t = useTranslations("webhooks.reenable");
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("button")}
      </Button>
      <Modal open={open} title={t("title", { eventType })} onClose={() => setOpen(false)}>
        <ReenableForm eventType={eventType} reenable={reenable} close={() => setOpen(false)} />
      </Modal>
    </>
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
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={close}>
          {t("cancel")}
        </Button>
        <Button type="submit" pending={pending}>
          {t("button")}
        </Button>
      </div>
    </form>
  );
}
