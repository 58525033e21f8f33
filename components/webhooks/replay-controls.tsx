"use client";
/** Buttons and small forms that act on the delivery log through server actions, with toasts. */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { InlineForm } from "@/components/ui/inline-form";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function ReplayButton({ eventId, replay }: { eventId: string; replay: Action }) {
  const t = useTranslations("webhooks.replay");
  const { pending, run } = useAction(replay, { success: t("queued") });
  return (
    <Button variant="secondary" pending={pending} onClick={() => run({ eventId })}>
      {t("replay")}
    </Button>
  );
}

function DateInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string;
  onChange: (day: string) => void;
}) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <input
        type="date"
        required
        value={value}
        onChange={(e) => onChange(e.target.value)}
        className={inputClass}
      />
    </label>
  );
}

/** Replays every failed event created between two dates (inclusive days, UTC). */
export function ReplayPeriodForm({ replayFailed }: { replayFailed: Action<number> }) {
  const t = useTranslations("webhooks.replay");
  const { pending, run } = useAction(replayFailed, { success: (count) => t("failedQueued", { count }) });
  const today = new Date().toISOString().slice(0, 10);
  const [from, setFrom] = useState(today);
  const [to, setTo] = useState(today);
  return (
    <InlineForm onSubmit={() => run({ from, to })}>
      <DateInput label={t("failedFrom")} value={from} onChange={setFrom} />
      <DateInput label={t("failedTo")} value={to} onChange={setTo} />
      <Button type="submit" variant="secondary" pending={pending}>
        {t("replayFailed")}
      </Button>
    </InlineForm>
  );
}

export function TestEventForm({ eventTypes, sendTest }: { eventTypes: readonly string[]; sendTest: Action }) {
  const t = useTranslations("webhooks.replay");
  const { pending, run } = useAction(sendTest, { success: t("test.queued") });
  const [eventType, setEventType] = useState(eventTypes[0] ?? "");
  if (eventTypes.length === 0) return <p className="text-sm text-slate-600">{t("test.noSubscription")}</p>;
  return (
    <InlineForm onSubmit={() => run({ eventType })}>
      <label className="text-sm">
        <span className="mb-1 block font-medium text-slate-800">{t("test.subscription")}</span>
        <select value={eventType} onChange={(e) => setEventType(e.target.value)} className={inputClass}>
          {eventTypes.map((type) => (
            <option key={type}>{type}</option>
          ))}
        </select>
      </label>
      <Button type="submit" pending={pending}>
        {t("test.send")}
      </Button>
    </InlineForm>
  );
}
