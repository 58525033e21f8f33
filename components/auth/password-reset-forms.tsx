"use client";
/**
 * A forgotten password: ask for a link by mail (better-auth's request-password-reset, answered alike
 * whether or not an account has the address), then choose a new password with the link's token.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useMemo, useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError, TextInput } from "@/components/ui/field";
import { authClient } from "@/lib/auth/client";
import { emailAddress, MIN_PASSWORD_LENGTH } from "@/lib/contract/forms/user-forms";

const requestSchema = z.object({ email: emailAddress });

export function ForgotPasswordForm() {
  const t = useTranslations("auth");
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof requestSchema>>({
    resolver: zodResolver(requestSchema),
  });
  if (sent) return <p role="status">{t("forgot.sent")}</p>;
  const onSubmit = async ({ email }: z.infer<typeof requestSchema>) => {
    setFailure(undefined);
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: "/reset-password" });
    if (error?.status === 429) setFailure(t("forgot.tooManyAttempts"));
    else if (error) setFailure(t("forgot.sendFailed"));
    else setSent(true);
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <TextInput
        label={t("forgot.email")}
        type="email"
        autoComplete="username"
        error={formState.errors.email?.message}
        {...register("email")}
      />
      <FieldError message={failure} />
      <Button type="submit" pending={formState.isSubmitting} className="w-full">
        {t("forgot.submit")}
      </Button>
    </form>
  );
}

type Translate = ReturnType<typeof useTranslations<"auth">>;

/** The form's own checks, in the reader's language. */
const resetSchema = (t: Translate) =>
  z
    .object({
      password: z
        .string()
        .min(MIN_PASSWORD_LENGTH, t("reset.minLength", { min: MIN_PASSWORD_LENGTH }))
        .max(128),
      repeated: z.string(),
    })
    .refine((form) => form.password === form.repeated, { path: ["repeated"], message: t("reset.differ") });
type Reset = z.infer<ReturnType<typeof resetSchema>>;

export function ResetPasswordForm({ token }: { token: string }) {
  const t = useTranslations("auth");
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string>();
  const schema = useMemo(() => resetSchema(t), [t]);
  const { register, handleSubmit, formState } = useForm<Reset>({ resolver: zodResolver(schema) });
  if (done)
    return (
      <p role="status">
        {t("reset.done")}{" "}
        <Link href="/sign-in" className="font-medium text-blue-800 underline">
          {t("reset.signIn")}
        </Link>
      </p>
    );
  const onSubmit = async ({ password }: Reset) => {
    setFailure(undefined);
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    if (error) setFailure(t("reset.invalidLink"));
    else setDone(true);
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <TextInput
        label={t("reset.newPassword")}
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register("password")}
      />
      <TextInput
        label={t("reset.repeat")}
        type="password"
        autoComplete="new-password"
        error={formState.errors.repeated?.message}
        {...register("repeated")}
      />
      <FieldError message={failure} />
      <Button type="submit" pending={formState.isSubmitting} className="w-full">
        {t("reset.submit")}
      </Button>
    </form>
  );
}
