"use client";
/** Approve, or reject with a reason the provider will read. */
import { zodResolver } from "@hookform/resolvers/zod";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { TextArea } from "@/components/ui/field";
import { type DecisionInput, rejectionSchema } from "@/lib/contract/decision";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function DecisionForm({
  requestId,
  decide,
}: {
  requestId: string;
  decide: Action<{ state: string }>;
}) {
  const t = useTranslations("review.decision");
  const [rejecting, setRejecting] = useState(false);
  const form = useForm<z.infer<typeof rejectionSchema>>({
    resolver: zodResolver(rejectionSchema),
    defaultValues: { reason: "" },
  });
  const { pending, run } = useAction<{ requestId: string; decision: DecisionInput }, { state: string }>(
    decide,
    {
      success: (_state, { decision }) => (decision.approve ? t("approved") : t("rejected")),
      navigate: () => "/admin/requests",
    },
  );
  const reasonError = form.formState.errors.reason?.message;

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap gap-3">
        <Button
          pending={pending && !rejecting}
          onClick={() => run({ requestId, decision: { approve: true } })}
        >
          {t("approve")}
        </Button>
        {!rejecting && (
          <Button variant="danger" onClick={() => setRejecting(true)}>
            {t("reject")}
          </Button>
        )}
      </div>
      {rejecting && (
        <form
          noValidate
          className="space-y-3"
          onSubmit={form.handleSubmit(({ reason }) =>
            run({ requestId, decision: { approve: false, reason } }),
          )}
        >
          <TextArea
            id="reject-reason"
            label={t("reason")}
            rows={3}
            error={reasonError}
            {...form.register("reason")}
          />
          <div className="flex gap-2">
            <Button type="submit" variant="danger" pending={pending}>
              {t("rejectRequest")}
            </Button>
            <Button variant="ghost" onClick={() => setRejecting(false)}>
              {t("cancel")}
            </Button>
          </div>
        </form>
      )}
    </div>
  );
}
