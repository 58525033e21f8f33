/** The frame of the pages outside the portals (an invitation, a forgotten password): a title and a card. */
import type { ReactNode } from "react";
import { LocaleSwitcher } from "@/components/i18n/locale-switcher";

export function AuthFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 py-12">
      <LocaleSwitcher />
      <div className="w-full max-w-md rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
        <h1 className="text-xl font-semibold tracking-tight text-slate-900">{title}</h1>
        <div className="mt-3 text-sm text-slate-700">{children}</div>
      </div>
    </main>
  );
}
