"use client";
/** The API tokens page: issue a platform token (name, days until it expires) shown once; revoke one. */
import { ShownOnceKey } from "@/components/keys/shown-once-key";
import { Button } from "@/components/ui/button";
import { ConfirmAction } from "@/components/ui/confirm-action";
import { SelectInput, TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { newPlatformTokenSchema } from "@/lib/contract/forms/platform-tokens";
import type { Action } from "@/lib/portal/action-result";

const EXPIRY_CHOICES = [7, 30, 90, 365];

export function NewTokenForm({ issue }: { issue: Action<{ token: string; prefix: string }> }) {
  const { form, errors, created, pending, submit } = useActionForm(
    newPlatformTokenSchema,
    { name: "", expiresInDays: "30" },
    issue,
    "Token created. Copy it now: it will not be shown again.",
  );
  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-3 sm:items-end">
        <TextInput
          label="Name"
          placeholder="e.g. reporting script"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <SelectInput
          label="Expires after"
          error={errors.expiresInDays?.message}
          {...form.register("expiresInDays")}
        >
          {EXPIRY_CHOICES.map((days) => (
            <option key={days} value={String(days)}>
              {days} days
            </option>
          ))}
        </SelectInput>
        <Button type="submit" pending={pending}>
          Create token
        </Button>
      </form>
      {created && <ShownOnceKey apiKey={created.token} label="Your new platform API token." />}
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
  return (
    <ConfirmAction
      action={revoke}
      input={{ tokenId }}
      options={{ success: `The token ${prefix}… is revoked.` }}
      label="Revoke"
      ariaLabel={`Revoke ${prefix}`}
      title={`Revoke the token ${prefix}…?`}
      confirmLabel="Revoke token"
    >
      Scripts using this token stop working at once. This cannot be undone.
    </ConfirmAction>
  );
}
