"use client";
/**
 * A page that failed to render, in the reader's language (Next's own page would be English): what
 * happened, the reference the server logged the error under, and a way to try again. The error
 * files of the app and of each portal render it, the portals' inside their header and navigation.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";

/** `retry` reloads the page's data from the server and renders it again (reset alone would not). */
export function PageError({ error, retry }: { error: Error & { digest?: string }; retry: () => void }) {
  const t = useTranslations("shell.pageError");
  return (
    <div className="mx-auto max-w-xl px-6 py-16 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-slate-600">{t("body")}</p>
      {error.digest && (
        <p className="mt-2 text-sm text-slate-600">{t("reference", { reference: error.digest })}</p>
      )}
      <div className="mt-6 flex flex-wrap items-center justify-center gap-4">
        <button type="button" onClick={retry} className={buttonClass()}>
          {t("retry")}
        </button>
        <Link href="/" className="text-blue-700 underline underline-offset-2">
          {t("back")}
        </Link>
      </div>
    </div>
  );
}
