/**
 * What waits for the person signed in (lib/domain/home/waiting-for-you.ts), first on their home page:
 * each count links to the filtered list that holds it.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { Waiting } from "@/lib/domain/home";
import { countedAny } from "@/lib/format";
import { useFormat } from "@/lib/i18n/use-format";

export function WaitingForYou({ waiting }: { waiting: Waiting[] }) {
  const t = useTranslations("home.waiting");
  const format = useFormat();
  if (waiting.length === 0) return null;
  const any = waiting.some((entry) => countedAny(entry.count));
  return (
    <section aria-labelledby="waiting-for-you" className="mb-6">
      <h2 id="waiting-for-you" className="mb-3 text-lg font-semibold text-slate-900">
        {t("title")}
      </h2>
      {!any && <p className="mb-3 text-sm text-slate-600">{t("nothing")}</p>}
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {waiting.map((entry) => (
          <li key={entry.key}>
            <Link
              href={entry.href}
              data-waiting={entry.key}
              className={`block rounded-lg border bg-white p-5 shadow-sm hover:border-blue-300 ${
                countedAny(entry.count) ? "border-amber-300" : "border-slate-200"
              }`}
            >
              <span className="block text-3xl font-semibold text-slate-900">
                {format.cappedCount(entry.count)}
              </span>
              <span className="mt-1 block text-sm text-slate-600">{t(entry.key)}</span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
