/**
 * A list of values shown short, whatever its length: stored channels may hold 100,000 entries (Create
 * accepted them before the contract bounded its lists), most of them repeats. Values are grouped
 * (each distinct value once, with ×count when repeated) in one linear pass; the first few groups
 * show, the rest open from "and N more" (a <details>, no script) up to a bound, so a page stays
 * small however long the list.
 */
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { formatCount } from "@/lib/format";
import { useFormat } from "@/lib/i18n/use-format";

export interface ValueGroup {
  value: string;
  count: number;
}

/** Distinct values in order of first appearance, with how often each occurs. */
export function groupValues(values: readonly unknown[]): ValueGroup[] {
  const counts = new Map<string, number>();
  for (const value of values) {
    const key = typeof value === "string" ? value : JSON.stringify(value);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([value, count]) => ({ value, count }));
}

/** A plain function (callers map over groups with it), so its count keeps the English digits. */
export const groupLabel = ({ value, count }: ValueGroup) =>
  count > 1 ? `${value} ×${formatCount(count)}` : value;

/** Groups shown before "and N more"; a list of up to SHOWN + SLACK groups shows whole. */
const SHOWN = 12;
const SLACK = 3;
/** Groups listed once expanded; beyond, only their number. */
const EXPANDED_MAX = 300;

export function CollapsedList({
  values,
  render,
}: {
  values: readonly unknown[];
  render: (groups: ValueGroup[]) => ReactNode;
}) {
  const t = useTranslations("ui.collapsed");
  const format = useFormat();
  const groups = groupValues(values);
  if (groups.length <= SHOWN + SLACK) return <>{render(groups)}</>;
  const rest = groups.slice(SHOWN);
  const unlisted = rest.length - EXPANDED_MAX;
  return (
    <>
      {render(groups.slice(0, SHOWN))}
      <details className="mt-1">
        <summary className="cursor-pointer text-xs text-blue-800">
          {t("more", { count: format.count(rest.length) })}
        </summary>
        <div className="mt-1">{render(rest.slice(0, EXPANDED_MAX))}</div>
        {unlisted > 0 && (
          <p className="mt-1 text-xs text-slate-600">{t("unlisted", { count: format.count(unlisted) })}</p>
        )}
      </details>
    </>
  );
}

/** At most `max` items of a list, and how many were left out (for lists of objects). */
export function firstOf<T>(items: readonly T[] | null | undefined, max: number) {
  const list = items ?? [];
  return { shown: list.slice(0, max), more: Math.max(0, list.length - max) };
}

/** `noun` is translated by the caller, as Pager's `unit` (a plural; Russian and Ukrainian: genitive). */
export function MoreNote({ more, noun }: { more: number; noun: string }) {
  const t = useTranslations("ui.collapsed");
  const format = useFormat();
  if (more <= 0) return null;
  return (
    <p className="mt-1 text-xs text-slate-600">{t("moreNotShown", { count: format.count(more), noun })}</p>
  );
}
