"use client";
/** Issues an API key and shows it this once, with a copy button. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { callAction } from "@/lib/portal/call-action";

const schema = z.object({ label: z.string().trim().max(100, "must be at most 100 characters") });

export function NewKeyForm({
  createKey,
}: {
  createKey: (input: unknown) => Promise<ActionResult<{ key: string; prefix: string }>>;
}) {
  const router = useRouter();
  const [issued, setIssued] = useState<string>();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof schema>>({ resolver: zodResolver(schema), defaultValues: { label: "" } });

  const onSubmit = async (values: z.infer<typeof schema>) => {
    const result = await callAction(() => createKey(values));
    if (!result.ok) return void toast.error(result.error);
    setIssued(result.data.key);
    reset();
    toast.success("API key created. Copy it now: it will not be shown again.");
    router.refresh();
  };

  return (
    <div className="space-y-4">
      <form onSubmit={handleSubmit(onSubmit)} noValidate className="flex flex-wrap items-end gap-3">
        <div className="min-w-64 flex-1">
          <TextInput
            label="Label (optional)"
            placeholder="e.g. production"
            error={errors.label?.message}
            {...register("label")}
          />
        </div>
        <Button type="submit" pending={isSubmitting}>
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
              {issued}
            </code>
            <Button
              variant="secondary"
              onClick={async () => {
                try {
                  await navigator.clipboard.writeText(issued);
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
