import { useTranslations } from "next-intl";

/** Shown while a portal page loads: the shape of a list, announced to screen readers. */
export function ListLoading() {
  const t = useTranslations("shell");
  return (
    <div role="status" aria-label={t("loading")} className="animate-pulse space-y-3">
      <div className="h-8 w-64 rounded bg-slate-200" />
      <div className="h-10 w-full max-w-md rounded bg-slate-200" />
      {["a", "b", "c", "d", "e", "f"].map((row) => (
        <div key={row} className="h-12 w-full rounded bg-slate-100" />
      ))}
    </div>
  );
}
