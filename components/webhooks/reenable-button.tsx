"use client";
/** Re-enables a disabled subscription in a dialog, optionally recovering the events it missed. */
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { useActionForm } from "@/components/ui/use-action-form";
import { RECOVERY_MAX_DAYS, RECOVERY_MAX_EVENTS, reenableSchema } from "@/lib/contract/forms/webhooks";
import { formatCount } from "@/lib/format";
import type { Action } from "@/lib/portal/action-result";

type Reenabled = { recovered: number };

export function ReenableButton({ eventType, reenable }: { eventType: string; reenable: Action<Reenabled> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Re-enable
      </Button>
      <Modal open={open} title={`Re-enable ${eventType}`} onClose={() => setOpen(false)}>
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
  const { form, errors, pending, submit } = useActionForm(
    reenableSchema,
    { eventType, recoverSince: "" },
    reenable,
    ({ recovered }) =>
      recovered
        ? `Re-enabled; ${formatCount(recovered)} event${recovered === 1 ? "" : "s"} queued again.`
        : "Re-enabled.",
  );
  return (
    // On success the page shows the subscription enabled, without this button and its dialog.
    <form onSubmit={submit} noValidate className="space-y-3">
      <p>Events are sent again from now on, with the subscription&apos;s callback URL and secrets.</p>
      <TextInput
        label="Recover every event since (UTC, optional)"
        type="datetime-local"
        hint={`Events of this type that failed or were skipped since then are sent again: at most ${RECOVERY_MAX_DAYS} days back and ${formatCount(RECOVERY_MAX_EVENTS)} events.`}
        error={errors.recoverSince?.message}
        {...form.register("recoverSince")}
      />
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          Re-enable
        </Button>
      </div>
    </form>
  );
}
