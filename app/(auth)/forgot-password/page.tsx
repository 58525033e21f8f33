import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { mailIsSent } from "@/lib/domain/notifications";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.forgot");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

/** Asks for a reset link by mail; a portal that sends no mail (no SMTP_URL) says whom to ask instead. */
export default async function ForgotPasswordPage() {
  const t = await getTranslations("auth.forgot");
  return (
    <AuthFrame title={t("title")}>
      {mailIsSent() ? <ForgotPasswordForm /> : <p>{t("noMail")}</p>}
      <p className="mt-6">
        <Link href="/sign-in" className="font-medium text-blue-800 underline">
          {t("backToSignIn")}
        </Link>
      </p>
    </AuthFrame>
  );
}
