"use client";
/** Buttons and small forms that act on the delivery log through server actions, with toasts. */
import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { toast } from "sonner";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { callAction } from "@/lib/portal/call-action";
import { formatCount } from "@/lib/format";

function useAction() {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const run = <T,>(action: () => Promise<ActionResult<T>>, success: (data: T) => string) =>
    startTransition(async () => {
      const result = await callAction(action);
      if (result.ok) {
        toast.success(success(result.data));
        router.refresh();
      } else toast.error(result.error);
    });
  return { pending, run };
}

export function ReplayButton({
  eventId,
  replay,
}: {
  eventId: string;
  replay: (eventId: string) => Promise<ActionResult<undefined>>;
}) {
  const { pending, run } = useAction();
  return (
    <Button
      variant="secondary"
      pending={pending}
      onClick={() =>
        run(
          () => replay(eventId),
          () => "The event is queued again.",
        )
      }
    >
      Replay
    </Button>
  );
}

/** Replays every failed event created between two dates (inclusive days, UTC). */
export function ReplayPeriodForm({
  replayFailed,
}: {
  replayFailed: (from: string, to: string) => Promise<ActionResult<number>>;
}) {
  const { pending, run } = useAction();
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        run(
          () => replayFailed(from, to),
          (count) => `${formatCount(count)} failed event${count === 1 ? "" : "s"} queued again.`,
        );
      }}
    >
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">Failed from</span>
        <input
          type="date"
          required
          value={from}
          onChange={(e) => setFrom(e.target.value)}
          className={inputClass}
        />
      </label>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">to</span>
        <input
          type="date"
          required
          value={to}
          onChange={(e) => setTo(e.target.value)}
          className={inputClass}
        />
      </label>
      <Button type="submit" variant="secondary" pending={pending}>
        Replay failed events
      </Button>
    </form>
  );
}

export function TestEventForm({
  eventTypes,
  sendTest,
}: {
  eventTypes: readonly string[];
  sendTest: (eventType: string) => Promise<ActionResult<undefined>>;
}) {
  const { pending, run } = useAction();
  const [eventType, setEventType] = useState(eventTypes[0] ?? "");
  if (eventTypes.length === 0)
    return <p className="text-sm text-slate-600">Subscribe to an event type to send a test event.</p>;
  return (
    <form
      className="flex flex-wrap items-end gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        run(
          () => sendTest(eventType),
          () => "Test event queued; it appears below once sent.",
        );
      }}
    >
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">Subscription</span>
        <select value={eventType} onChange={(e) => setEventType(e.target.value)} className={inputClass}>
          {eventTypes.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </label>
      <Button type="submit" pending={pending}>
        Send test event
      </Button>
    </form>
  );
}
