"use client";
/** Approve, or reject with a reason the provider will read. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { useForm } from "react-hook-form";
import { toast } from "sonner";
import { z } from "zod";
import { MAX_REASON_LENGTH } from "@/lib/contract/decision";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { Field, inputClass } from "@/components/ui/field";
import { callAction } from "@/lib/portal/call-action";

const rejection = z.object({
  reason: z
    .string()
    .trim()
    .min(1, "Give the provider a reason")
    .max(MAX_REASON_LENGTH, `at most ${MAX_REASON_LENGTH} characters`),
});

export function DecisionForm({
  requestId,
  decide,
}: {
  requestId: string;
  decide: (requestId: string, decision: unknown) => Promise<ActionResult<{ state: string }>>;
}) {
  const router = useRouter();
  const [approving, startApproving] = useTransition();
  const [rejecting, setRejecting] = useState(false);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<z.infer<typeof rejection>>({ resolver: zodResolver(rejection), defaultValues: { reason: "" } });

  const after = (result: ActionResult<{ state: string }>, done: string) => {
    if (!result.ok) return void toast.error(result.error);
    toast.success(done);
    router.push("/admin/requests");
    router.refresh();
  };

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <Button
          pending={approving}
          onClick={() =>
            startApproving(async () =>
              after(await callAction(() => decide(requestId, { approve: true })), "Request approved."),
            )
          }
        >
          Approve
        </Button>
        {!rejecting && (
          <Button variant="danger" onClick={() => setRejecting(true)}>
            Reject…
          </Button>
        )}
      </div>
      {rejecting && (
        <form
          noValidate
          className="space-y-3"
          onSubmit={handleSubmit(async ({ reason }) =>
            after(
              await callAction(() => decide(requestId, { approve: false, reason })),
              "Request rejected; the provider is told why.",
            ),
          )}
        >
          <Field label="Reason for the provider" htmlFor="reject-reason" error={errors.reason?.message}>
            <textarea
              id="reject-reason"
              rows={3}
              className={inputClass}
              aria-invalid={errors.reason ? true : undefined}
              aria-describedby={errors.reason ? "reject-reason-error" : undefined}
              {...register("reason")}
            />
          </Field>
          <div className="flex gap-2">
            <Button type="submit" variant="danger" pending={isSubmitting}>
              Reject request
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
