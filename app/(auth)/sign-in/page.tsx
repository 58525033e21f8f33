import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { SignInForm } from "@/components/auth/sign-in-form";
import { currentUser, homeOf } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Sign in" };

export default async function SignInPage() {
  const user = await currentUser();
  if (user) redirect(homeOf(user));
  return (
    <main id="main" className="flex min-h-screen items-center justify-center px-4 py-12">
      <div className="w-full max-w-sm">
        <h1 className="text-center text-2xl font-semibold tracking-tight">Delivery Channel Portal</h1>
        <p className="mt-1 text-center text-sm text-slate-600">Sign in to manage your delivery channels.</p>
        <div className="mt-8 rounded-lg border border-slate-200 bg-white p-6 shadow-sm">
          <SignInForm />
        </div>
      </div>
    </main>
  );
}
