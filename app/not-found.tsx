import Link from "next/link";
import { useTranslations } from "next-intl";
import { LocaleSwitcher } from "@/components/i18n/locale-switcher";

export default function NotFound() {
  const t = useTranslations("shell.notFound");
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      <p className="text-sm font-semibold text-blue-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-slate-600">{t("body")}</p>
      <Link href="/" className="mt-6 inline-block text-blue-700 underline underline-offset-2">
        {t("back")}
      </Link>
      <div className="mt-10 flex justify-center">
        <LocaleSwitcher />
      </div>
    </main>
  );
}
