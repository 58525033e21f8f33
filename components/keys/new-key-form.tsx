"use client";
/** Issues an API key (name, scope, optional expiry) and shows it this once. */
import { Button } from "@/components/ui/button";
import { SelectInput, TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { newApiKeySchema } from "@/lib/contract/forms/api-keys";
import type { Action } from "@/lib/portal/action-result";
import { ShownOnceKey } from "./shown-once-key";

export function NewKeyForm({ createKey }: { createKey: Action<{ key: string; prefix: string }> }) {
  const {
    form,
    errors,
    created: issued,
    pending,
    submit,
  } = useActionForm(
    newApiKeySchema,
    { name: "", scope: "full", expiresAt: "" },
    createKey,
    "API key created. Copy it now: it will not be shown again.",
  );

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4 lg:items-end">
        <TextInput
          label="Name"
          placeholder="e.g. production"
          error={errors.name?.message}
          {...form.register("name")}
        />
        <SelectInput label="Scope" error={errors.scope?.message} {...form.register("scope")}>
          <option value="full">Full: every operation</option>
          <option value="read">Read-only: View and lookups</option>
        </SelectInput>
        <TextInput
          type="datetime-local"
          label="Expires (UTC, optional)"
          error={errors.expiresAt?.message}
          {...form.register("expiresAt")}
        />
        <Button type="submit" pending={pending}>
          Create API key
        </Button>
      </form>
      {issued && <ShownOnceKey apiKey={issued.key} />}
    </div>
  );
}
