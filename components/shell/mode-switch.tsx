"use client";
/** The provider portal's live/test switch (a switch button: its state is the mode). */
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { PortalMode } from "@/lib/contract/forms/portal-mode-form";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function ModeSwitch({ mode, switchMode }: { mode: PortalMode; switchMode: Action }) {
  const t = useTranslations("shell");
  const { pending, run } = useAction<{ mode: PortalMode }, unknown>(switchMode, {
    success: (_data, input) => (input.mode === "test" ? t("testModeOn") : t("liveModeOn")),
  });
  const test = mode === "test";
  return (
    <button
      type="button"
      role="switch"
      aria-checked={test}
      disabled={pending}
      onClick={() => run({ mode: test ? "live" : "test" })}
      className="inline-flex items-center gap-2 rounded-md px-2 py-1 text-sm text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
    >
      <span
        aria-hidden="true"
        className={`relative inline-block h-5 w-9 rounded-full transition ${test ? "bg-amber-500" : "bg-slate-300"}`}
      >
        <span
          className={`absolute top-0.5 h-4 w-4 rounded-full bg-white shadow transition ${test ? "start-4" : "start-0.5"}`}
        />
      </span>
      {t("testMode")}
    </button>
  );
}

/** Shown on every page while the portal shows test data, so that no one mistakes it for live data. */
export function TestModeBanner({ help }: { help?: ReactNode }) {
  const t = useTranslations("shell");
  return (
    <section
      aria-label={t("testMode")}
      className="sticky top-0 z-40 border-b border-amber-300 bg-amber-100 px-4 py-2 text-center text-sm text-amber-950"
    >
      {t.rich("testModeBanner", { strong: (chunks) => <strong>{chunks}</strong> })}
      {help && <span className="ms-2">{help}</span>}
    </section>
  );
}
