"use client";
/**
 * The language switcher, on every page: each language is named in itself, so a reader finds theirs
 * whatever the page's language. The choice is kept in the browser's cookie (a preference, not a
 * secret: the page writes it) and, for a signed-in user, on their profile so that it follows them
 * to any browser and into their mail. The page's server data is then read again in the new language.
 */
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useId, useTransition } from "react";
import { LOCALE_COOKIE, LOCALE_NAMES, LOCALES } from "@/lib/i18n/locales";
import { chooseLocaleAction } from "@/lib/portal/locale-action";
import { useAction } from "@/lib/portal/use-action";

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

export function LocaleSwitcher({ signedIn = false }: { signedIn?: boolean }) {
  const t = useTranslations("shell");
  const locale = useLocale();
  const id = useId();
  const router = useRouter();
  const [refreshing, startTransition] = useTransition();
  const { pending, run } = useAction<{ locale: string }, unknown>(chooseLocaleAction);
  const choose = (chosen: string) => {
    // biome-ignore lint/suspicious/noDocumentCookie: a plain preference cookie, read by the server
    document.cookie = `${LOCALE_COOKIE}=${chosen}; path=/; max-age=${ONE_YEAR_SECONDS}; samesite=lax`;
    if (signedIn) run({ locale: chosen });
    else startTransition(() => router.refresh());
  };
  return (
    <span className="inline-flex items-center gap-1 text-sm">
      <label htmlFor={id} className="sr-only">
        {t("language")}
      </label>
      <select
        id={id}
        value={locale}
        disabled={pending || refreshing}
        onChange={(event) => choose(event.target.value)}
        className="rounded-md border border-slate-300 bg-white py-1 ps-2 pe-7 text-sm text-slate-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-600 disabled:opacity-60"
      >
        {LOCALES.map((code) => (
          <option key={code} value={code} lang={code}>
            {LOCALE_NAMES[code]}
          </option>
        ))}
      </select>
    </span>
  );
}
