"use client";
/** The event catalog's "send example": queues the example to the provider's subscription of the type. */
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
  const { pending, run } = useAction(send, {
    success: ({ eventId }) => `Example queued as ${eventId}; it appears in the webhook log once sent.`,
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
        aria-label={`Send example ${eventType}`}
        onClick={() => run({ eventType })}
      >
        Send example
      </Button>
    </div>
  );
}
