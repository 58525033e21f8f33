"use client";
/** Issues an API key and shows it this once, with a copy button. */
import { toast } from "sonner";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { useActionForm } from "@/components/ui/use-action-form";
import { newApiKeySchema } from "@/lib/contract/forms/api-keys";
import type { Action } from "@/lib/portal/action-result";

export function NewKeyForm({ createKey }: { createKey: Action<{ key: string; prefix: string }> }) {
  const {
    form,
    errors,
    created: issued,
    pending,
    submit,
  } = useActionForm(
    newApiKeySchema,
    { label: "" },
    createKey,
    "API key created. Copy it now: it will not be shown again.",
  );

  return (
    <div className="space-y-4">
      <form onSubmit={submit} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextInput
            label="Label (optional)"
            placeholder="e.g. production"
            error={errors.label?.message}
            {...form.register("label")}
          />
        </div>
        <Button type="submit" pending={pending}>
          Create API key
        </Button>
      </form>
      {issued && (
        <section aria-label="New API key" className="rounded-md border border-green-300 bg-green-50 p-4">
          <p className="text-sm font-medium text-green-900">
            Your new API key. Copy it now: you will not see it again.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code
              data-testid="new-api-key"
              className="rounded bg-white px-2 py-1 font-mono text-sm break-all"
            >
              {issued.key}
            </code>
            <Button
              variant="secondary"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(issued.key);
                  toast.success("Copied to the clipboard.");
                } catch {
                  toast.error("Copying failed: select the key and copy it by hand.");
                }
              }}
            >
              Copy
            </Button>
          </div>
        </section>
      )}
    </div>
  );
}
