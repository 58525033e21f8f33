import Link from "next/link";
import { useTranslations } from "next-intl";
import { LocaleSwitcher } from "@/components/i18n/locale-switcher";

export default function HomePage() {
  const t = useTranslations("home");
  const shell = useTranslations("shell");
  return (
    <main className="mx-auto max-w-3xl px-6 py-16">
      <div className="mb-8 flex justify-end">
        <LocaleSwitcher />
      </div>
      <h1 className="text-3xl font-semibold tracking-tight">{shell("productName")}</h1>
      <p className="mt-4 text-slate-600">{t("intro")}</p>
      <Link
        href="/sign-in"
        className="mt-8 inline-flex rounded-md bg-blue-700 px-4 py-2 text-sm font-medium text-white hover:bg-blue-800"
      >
        {t("signIn")}
      </Link>
      <ul className="mt-8 space-y-2">
        <li>
          <Link className="text-blue-700 underline underline-offset-2 hover:text-blue-900" href="/docs">
            {t("apiReference")}
          </Link>
        </li>
        <li>
          <a
            className="text-blue-700 underline underline-offset-2 hover:text-blue-900"
            href="/api/openapi.json"
          >
            {t("openApi")}
          </a>
        </li>
      </ul>
    </main>
  );
}
