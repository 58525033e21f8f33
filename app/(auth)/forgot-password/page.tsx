import type { Metadata } from "next";
import Link from "next/link";
import { AuthFrame } from "@/components/auth/auth-frame";
import { ForgotPasswordForm } from "@/components/auth/password-reset-forms";
import { mailIsSent } from "@/lib/domain/notifications";

export const metadata: Metadata = { title: "Forgotten password" };
export const dynamic = "force-dynamic";

/** Asks for a reset link by mail; a portal that sends no mail (no SMTP_URL) says whom to ask instead. */
export default function ForgotPasswordPage() {
  return (
    <AuthFrame title="Forgotten password">
      {mailIsSent() ? (
        <ForgotPasswordForm />
      ) : (
        <p>
          This portal sends no mail, so it cannot send you a link: ask your administrator to invite you again.
        </p>
      )}
      <p className="mt-6">
        <Link href="/sign-in" className="font-medium text-blue-800 underline">
          Back to sign-in
        </Link>
      </p>
    </AuthFrame>
  );
}
