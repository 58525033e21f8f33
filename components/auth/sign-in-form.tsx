"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError, TextInput } from "@/components/ui/field";
import { authClient } from "@/lib/auth/client";
import { DEACTIVATED_CODE } from "@/lib/contract/forms/user-forms";

type Translate = ReturnType<typeof useTranslations<"auth.signIn">>;

/** The form's own checks, in the reader's language (the server's answers stay as sent). */
const signInSchema = (t: Translate) =>
  z.object({
    email: z.string().trim().min(1, t("emailRequired")).email(t("emailInvalid")),
    password: z.string().min(1, t("passwordRequired")),
  });
type SignIn = z.infer<ReturnType<typeof signInSchema>>;

function signInFailure(t: Translate, error: { status: number; code?: string; message?: string }): string {
  if (error.status === 429) return t("tooManyAttempts");
  if (error.code === DEACTIVATED_CODE && error.message) return error.message;
  return t("wrongCredentials");
}

export function SignInForm() {
  const t = useTranslations("auth.signIn");
  const router = useRouter();
  const [failure, setFailure] = useState<string>();
  const schema = useMemo(() => signInSchema(t), [t]);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignIn>({ resolver: zodResolver(schema) });

  const onSubmit = async ({ email, password }: SignIn) => {
    setFailure(undefined);
    const { error } = await authClient.signIn.email({ email, password });
    if (error) {
      setFailure(signInFailure(t, error));
      return;
    }
    // The server decides where each role lands (the sign-in page redirects a signed-in user).
    router.replace("/sign-in");
    router.refresh();
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <TextInput
        label={t("email")}
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register("email")}
      />
      <TextInput
        label={t("password")}
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <FieldError message={failure} />
      <Button type="submit" pending={isSubmitting} className="w-full">
        {t("submit")}
      </Button>
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-blue-800 underline">
          {t("forgot")}
        </Link>
      </p>
    </form>
  );
}
