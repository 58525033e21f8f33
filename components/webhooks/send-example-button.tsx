"use client";
/** The event catalog's "send example": queues the example to the provider's subscription of the type. */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function SendExampleButton({
  eventType,
  unavailable,
  send,
}: {
  eventType: string;
  /** Why no example can be sent now (no subscription, or a disabled one); absent when one can. */
  unavailable?: string;
  send: Action<{ eventId: string }>;
}) {
  const t = useTranslations("webhooks.example");
  const { pending, run } = useAction(send, {
    success: ({ eventId }) => t("queued", { eventId }),
    refresh: false,
  });
  const noteId = `${eventType}-send-example-note`;
  return (
    <div className="flex flex-wrap items-center gap-2">
      {unavailable && (
        <p id={noteId} className="text-sm text-slate-600">
          {unavailable}
        </p>
      )}
      <Button
        variant="secondary"
        pending={pending}
        disabled={!!unavailable}
        aria-describedby={unavailable ? noteId : undefined}
        aria-label={t("ariaLabel", { eventType })}
        onClick={() => run({ eventType })}
      >
        {t("send")}
      </Button>
    </div>
  );
}
