"use client";
/** The kinds of email a user may get, each a checkbox, saved at once (the console's and the portal's). */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export interface KindSetting {
  kind: string;
  /** The kind's English name (lib/contract/mail-kinds.ts); the page shows its translation by `kind`. */
  label: string;
  on: boolean;
}

export function NotificationSettings({ kinds, save }: { kinds: KindSetting[]; save: Action<undefined> }) {
  const [on, setOn] = useState(() => new Set(kinds.filter((kind) => kind.on).map((kind) => kind.kind)));
  const t = useTranslations("notifications");
  const { pending, run } = useAction(save, { success: t("saved") });
  if (kinds.length === 0) return <p className="text-sm text-slate-600">{t("none")}</p>;
  const toggle = (kind: string, checked: boolean) =>
    setOn((current) => {
      const next = new Set(current);
      if (checked) next.add(kind);
      else next.delete(kind);
      return next;
    });
  return (
    <form
      className="space-y-4"
      onSubmit={(event) => {
        event.preventDefault();
        void run({ on: kinds.map((kind) => kind.kind).filter((kind) => on.has(kind)) });
      }}
    >
      <fieldset className="space-y-3">
        <legend className="mb-2 text-sm font-medium">{t("legend")}</legend>
        {kinds.map(({ kind, label }) => (
          <label key={kind} className="flex items-start gap-2 text-sm">
            <input
              type="checkbox"
              name={kind}
              className="mt-0.5 size-4 shrink-0"
              checked={on.has(kind)}
              onChange={(event) => toggle(kind, event.target.checked)}
            />
            <span>{t.has(`kind.${kind}`) ? t(`kind.${kind}`) : label}</span>
          </label>
        ))}
      </fieldset>
      <Button type="submit" pending={pending}>
        {t("save")}
      </Button>
    </form>
  );
}
