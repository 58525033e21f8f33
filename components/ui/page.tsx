/** Page-level building blocks: header with actions, cards, empty states. */
import type { ReactNode } from "react";
import { withoutDirectionControls } from "@/lib/format";

export function PageHeader({
  title,
  description,
  actions,
  help,
}: {
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  /**
   * The link to the page's guide (components/help-link.tsx). A slot, not a prop naming the page:
   * this file is imported by client components too, and the link reads the guides on the server.
   */
  help?: ReactNode;
}) {
  return (
    <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        {/* Titles are often what someone outside wrote (a channel's, a program's, a key's name). */}
        <h1 className="text-2xl font-semibold tracking-tight wrap-anywhere text-slate-900">
          <bdi>{typeof title === "string" ? withoutDirectionControls(title) : title}</bdi>
        </h1>
        {description && <p className="mt-1 text-sm wrap-anywhere text-slate-600">{description}</p>}
        {help && <p className="mt-1">{help}</p>}
      </div>
      {actions && <div className="flex flex-wrap gap-2">{actions}</div>}
    </div>
  );
}

export function Card({
  title,
  children,
  actions,
}: {
  title?: ReactNode;
  children: ReactNode;
  actions?: ReactNode;
}) {
  return (
    <section className="rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      {(title || actions) && (
        // Wraps, and long titles (event types have no spaces) break anywhere, so a title and its
        // actions fit a 390 px phone instead of pushing the page sideways.
        <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
          {title && <h2 className="min-w-0 text-base font-semibold wrap-anywhere text-slate-900">{title}</h2>}
          {actions}
        </div>
      )}
      {children}
    </section>
  );
}

export function EmptyState({ title, children }: { title: ReactNode; children?: ReactNode }) {
  return (
    <div className="rounded-lg border border-dashed border-slate-300 bg-white px-6 py-12 text-center">
      <p className="text-base font-medium text-slate-800">{title}</p>
      {children && <div className="mt-2 text-sm text-slate-600">{children}</div>}
    </div>
  );
}

const BADGE_TONES = {
  green: "bg-green-50 text-green-800 ring-green-600/30",
  amber: "bg-amber-50 text-amber-900 ring-amber-600/30",
  slate: "bg-slate-100 text-slate-700 ring-slate-500/30",
  red: "bg-red-50 text-red-800 ring-red-600/30",
  blue: "bg-blue-50 text-blue-800 ring-blue-600/30",
} as const;

export function Badge({
  tone = "slate",
  children,
}: {
  tone?: keyof typeof BADGE_TONES;
  children: ReactNode;
}) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-medium ring-1 ring-inset ${BADGE_TONES[tone]}`}
    >
      {children}
    </span>
  );
}
