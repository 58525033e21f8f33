"use client";
/**
 * A page that failed to render, in the reader's language (Next's own page would be English): what
 * happened, the reference the server logged the error under, and a way to try again.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { buttonClass } from "@/components/ui/button";

export default function PageError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  const t = useTranslations("shell.pageError");
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-slate-600">{t("body")}</p>
      {error.digest && (
        <p className="mt-2 text-sm text-slate-600">{t("reference", { reference: error.digest })}</p>
      )}
      <div className="mt-6 flex flex-wrap items-center justify-center gap-4">
        <button type="button" onClick={reset} className={buttonClass()}>
          {t("retry")}
        </button>
        <Link href="/" className="text-blue-700 underline underline-offset-2">
          {t("back")}
        </Link>
      </div>
    </main>
  );
}
