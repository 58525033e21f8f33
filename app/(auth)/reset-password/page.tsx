import type { Metadata } from "next";
import Link from "next/link";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ResetPasswordForm } from "@/components/auth/password-reset-forms";

export const metadata: Metadata = { title: "Choose a new password" };
export const dynamic = "force-dynamic";

/** Where a reset link lands (better-auth checks the token and adds it, or error=INVALID_TOKEN). */
export default async function ResetPasswordPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { token } = await searchParams;
  if (typeof token !== "string" || token.length === 0 || token.length > 200) {
    return (
      <AuthFrame title="This link cannot be used">
        <p>It is used, expired or not valid.</p>
        <p className="mt-6">
          <Link href="/forgot-password" className="font-medium text-blue-800 underline">
            Ask for a new link
          </Link>
        </p>
      </AuthFrame>
    );
  }
  return (
    <AuthFrame title="Choose a new password">
      <ResetPasswordForm token={token} />
    </AuthFrame>
  );
}
