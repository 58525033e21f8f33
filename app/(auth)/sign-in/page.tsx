import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { SignInForm } from "@/components/auth/sign-in-form";
import { LocaleSwitcher } from "@/components/i18n/locale-switcher";
import { currentUser, homeOf } from "@/lib/auth/session";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.signIn");
  return { title: t("title") };
}

export default async function SignInPage() {
  const user = await currentUser();
  if (user) redirect(homeOf(user));
  const shell = await getTranslations("shell");
  const t = await getTranslations("auth.signIn");
  return (
    <main id="main" className="flex min-h-screen flex-col items-center justify-center gap-4 px-4 py-12">
      <LocaleSwitcher />
      <div className="w-full max-w-sm">
        <h1 className="text-center text-2xl font-semibold tracking-tight">{shell("productName")}</h1>
        <p className="mt-1 text-center text-sm text-slate-600">{t("tagline")}</p>
        <div className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <SignInForm />
        </div>
      </div>
    </main>
  );
}
