"use client";
import { useState } from "react";
/**
 * Rotates an hmac subscription's secret in a dialog: a secret entered or generated (then shown this
 * once), and a grace period during which the previous secret still signs webhook-signature.
 */
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { SelectInput, TextInput } from "@/components/ui/field";
import { Modal } from "@/components/ui/modal";
import { useActionForm } from "@/components/ui/use-action-form";
import { GRACE_HOURS_CHOICES, type RotatedSecret, rotateSecretSchema } from "@/lib/contract/forms/webhooks";
import { formatDateTime } from "@/lib/format";
import type { Action } from "@/lib/portal/action-result";

const graceLabel = (hours: number) =>
  hours === 0
    ? "None: the current secret stops at once"
    : hours < 24
      ? `${hours} hour${hours === 1 ? "" : "s"}`
      : `${hours / 24} day${hours === 24 ? "" : "s"}`;

export function RotateSecretButton({
  eventType,
  rotate,
}: {
  eventType: string;
  rotate: Action<RotatedSecret>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Rotate secret
      </Button>
      <Modal open={open} title={`Rotate the secret of ${eventType}`} onClose={() => setOpen(false)}>
        <RotateSecretForm eventType={eventType} rotate={rotate} close={() => setOpen(false)} />
      </Modal>
    </>
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
  const { form, errors, created, pending, submit } = useActionForm(
    rotateSecretSchema,
    { eventType, secret: "", graceHours: 24 },
    rotate,
    "The secret is rotated.",
  );
  if (created) return <Rotated rotated={created} close={close} />;
  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      <TextInput
        label="New secret"
        type="password"
        autoComplete="new-password"
        hint="Leave empty to have one generated: it is shown once."
        error={errors.secret?.message}
        {...form.register("secret")}
      />
      <SelectInput
        label="Grace period"
        error={errors.graceHours?.message}
        {...form.register("graceHours", { valueAsNumber: true })}
      >
        {GRACE_HOURS_CHOICES.map((hours) => (
          <option key={hours} value={hours}>
            {graceLabel(hours)}
          </option>
        ))}
      </SelectInput>
      <p className="text-xs text-slate-600">
        During the grace period webhook-signature carries two signatures, with the new and with the current
        secret, so your receiver verifies with either; x-signature carries the new secret&apos;s only.
      </p>
      <div className="flex justify-end gap-2">
        <Button variant="ghost" onClick={close}>
          Cancel
        </Button>
        <Button type="submit" pending={pending}>
          Rotate secret
        </Button>
      </div>
    </form>
  );
}

function Rotated({ rotated, close }: { rotated: RotatedSecret; close: () => void }) {
  const secret = rotated.generatedSecret;
  return (
    <div className="space-y-3">
      {secret && (
        <section aria-label="New secret" className="rounded-md border border-green-300 bg-green-50 p-3">
          <p className="font-medium text-green-900">
            Your new secret. Copy it now: you will not see it again.
          </p>
          <code data-testid="new-webhook-secret" className="mt-2 block font-mono break-all">
            {secret}
          </code>
          <Button
            variant="secondary"
            className="mt-2"
            onClick={() =>
              navigator.clipboard.writeText(secret).then(
                () => toast.success("Copied to the clipboard."),
                () => toast.error("Copying failed: select the secret and copy it by hand."),
              )
            }
          >
            Copy
          </Button>
        </section>
      )}
      <p>
        {rotated.previousValidUntil
          ? `The previous secret also signs until ${formatDateTime(new Date(rotated.previousValidUntil))}.`
          : "Only the new secret signs from now on."}
      </p>
      <div className="flex justify-end">
        <Button onClick={close}>Done</Button>
      </div>
    </div>
  );
}
