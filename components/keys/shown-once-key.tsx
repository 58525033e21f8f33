"use client";
/** A key just issued, shown this once with a copy button. */
import { useTranslations } from "next-intl";
import { CopyButton } from "@/components/ui/copy-button";

/** `label` says what was issued; without it, "Your new API key." in the reader's language. */
export function ShownOnceKey({ apiKey, label }: { apiKey: string; label?: string }) {
  const t = useTranslations("keys.shownOnce");
  return (
    <section aria-label={t("region")} className="rounded-md border border-green-300 bg-green-50 p-4">
      <p className="text-sm font-medium text-green-900">
        {label ?? t("defaultLabel")} {t("copyNow")}
      </p>
      <div className="mt-2 flex flex-wrap items-center gap-2">
        <code data-testid="new-api-key" className="rounded bg-white px-2 py-1 font-mono text-sm break-all">
          {apiKey}
        </code>
        <CopyButton text={apiKey} label={t("copy")} failed={t("copyFailed")} />
      </div>
    </section>
  );
}
