import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("auth.reset");
  return { title: t("title") };
}
export const dynamic = "force-dynamic";

/** Where a reset link lands (better-auth checks the token and adds it, or error=INVALID_TOKEN). */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  const t = await getTranslations("auth.reset");
  if (typeof token !== "string" || token.length === 0 || token.length > 200) {
    return (
      <AuthFrame title={t("unusableTitle")}>
        <p>{t("unusable")}</p>
        <p className="mt-6">
          <Link href="/forgot-password" className="font-medium text-blue-800 underline">
            {t("askNewLink")}
          </Link>
        </p>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title={t("title")}>
      <ResetPasswordForm token={token} />
    </AuthFrame>
  );
}
