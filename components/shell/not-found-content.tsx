/**
 * "Page not found", in the reader's language. Inside a portal's frame the frame already holds the
 * page's <main> (components/shell/app-shell.tsx): there the message is a section of it, not a
 * second <main> (issue 30, finding 12); on its own (an unknown address) it is the page's main.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { LocaleSwitcher } from "@/components/i18n/locale-switcher";

export function NotFoundContent({ framed }: { framed: boolean }) {
  const t = useTranslations("shell.notFound");
  const body = (
    <>
      <p className="text-sm font-semibold text-blue-700">404</p>
      <h1 className="mt-2 text-2xl font-semibold tracking-tight">{t("title")}</h1>
      <p className="mt-2 text-slate-600">{t("body")}</p>
      <Link href="/" className="mt-6 inline-block text-blue-700 underline underline-offset-2">
        {t("back")}
      </Link>
    </>
  );
  if (framed) return <section className="mx-auto max-w-xl py-16 text-center">{body}</section>;
  return (
    <main id="main" className="mx-auto max-w-xl px-6 py-24 text-center">
      {body}
      <div className="mt-10 flex justify-center">
        <LocaleSwitcher />
      </div>
    </main>
  );
}
