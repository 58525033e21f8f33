"use client";
/**
 * The invitee's form: a name and a password (twice). On success the account exists and the invitee
 * is signed in with it, then sent where their roles land (the sign-in page redirects).
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import type { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError, TextInput } from "@/components/ui/field";
import { authClient } from "@/lib/auth/client";
import { acceptInvitationSchema, MIN_PASSWORD_LENGTH } from "@/lib/contract/forms/user-forms";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

type Accepting = z.input<typeof acceptInvitationSchema>;

export function AcceptInvitationForm({
  token,
  email,
  name,
  accept,
}: {
  token: string;
  email: string;
  name: string;
  accept: Action<{ email: string }>;
}) {
  const t = useTranslations("users.accept");
  const router = useRouter();
  const [failure, setFailure] = useState<string>();
  const form = useForm<Accepting>({
    resolver: zodResolver(acceptInvitationSchema),
    defaultValues: { token, name, password: "", confirmPassword: "" },
  });
  const { pending, run } = useAction(accept, { form, refresh: false, success: t("ready") });
  const submit = form.handleSubmit(async (input) => {
    setFailure(undefined);
    const result = await run(input);
    if (!result.ok) return;
    const { error } = await authClient.signIn.email({ email, password: input.password });
    if (error) {
      setFailure(t("signInFailed"));
      return;
    }
    router.replace("/sign-in");
    router.refresh();
  });
  const errors = form.formState.errors;
  return (
    <form noValidate onSubmit={submit} className="space-y-4">
      <TextInput label={t("email")} type="email" value={email} readOnly autoComplete="username" />
      <TextInput
        label={t("name")}
        autoComplete="name"
        error={errors.name?.message}
        {...form.register("name")}
      />
      <TextInput
        label={t("password")}
        type="password"
        autoComplete="new-password"
        hint={t("passwordHint", { min: MIN_PASSWORD_LENGTH })}
        error={errors.password?.message}
        {...form.register("password")}
      />
      <TextInput
        label={t("repeat")}
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword?.message}
        {...form.register("confirmPassword")}
      />
      <FieldError message={failure} />
      <Button type="submit" pending={pending || form.formState.isSubmitting} className="w-full">
        {t("submit")}
      </Button>
    </form>
  );
}
