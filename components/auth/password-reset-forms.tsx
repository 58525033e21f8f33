"use client";
/**
 * A forgotten password: ask for a link by mail (better-auth's request-password-reset, answered alike
 * whether or not an account has the address), then choose a new password with the link's token.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError, TextInput } from "@/components/ui/field";
import { authClient } from "@/lib/auth/client";
import { emailAddress, MIN_PASSWORD_LENGTH } from "@/lib/contract/forms/users";

const requestSchema = z.object({ email: emailAddress });

export function ForgotPasswordForm() {
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof requestSchema>>({
    resolver: zodResolver(requestSchema),
  });
  if (sent)
    return (
      <p role="status">
        If an account has this address, a link to choose a new password is on its way. Check your mail.
      </p>
    );
  const onSubmit = async ({ email }: z.infer<typeof requestSchema>) => {
    setFailure(undefined);
    const { error } = await authClient.requestPasswordReset({ email, redirectTo: "/reset-password" });
    if (error?.status === 429) setFailure("Too many attempts. Wait a minute and try again.");
    else if (error) setFailure("The link could not be sent. Try again in a moment.");
    else setSent(true);
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <TextInput
        label="Email"
        type="email"
        autoComplete="username"
        error={formState.errors.email?.message}
        {...register("email")}
      />
      <FieldError message={failure} />
      <Button type="submit" pending={formState.isSubmitting} className="w-full">
        Send me a link
      </Button>
    </form>
  );
}

const resetSchema = z
  .object({
    password: z.string().min(MIN_PASSWORD_LENGTH, `At least ${MIN_PASSWORD_LENGTH} characters`).max(128),
    repeated: z.string(),
  })
  .refine((form) => form.password === form.repeated, { path: ["repeated"], message: "The two differ" });

export function ResetPasswordForm({ token }: { token: string }) {
  const [done, setDone] = useState(false);
  const [failure, setFailure] = useState<string>();
  const { register, handleSubmit, formState } = useForm<z.infer<typeof resetSchema>>({
    resolver: zodResolver(resetSchema),
  });
  if (done)
    return (
      <p role="status">
        Your password is changed.{" "}
        <Link href="/sign-in" className="font-medium text-blue-800 underline">
          Sign in
        </Link>
      </p>
    );
  const onSubmit = async ({ password }: z.infer<typeof resetSchema>) => {
    setFailure(undefined);
    const { error } = await authClient.resetPassword({ newPassword: password, token });
    if (error) setFailure("This link is used, expired or not valid: ask for a new one.");
    else setDone(true);
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <TextInput
        label="New password"
        type="password"
        autoComplete="new-password"
        error={formState.errors.password?.message}
        {...register("password")}
      />
      <TextInput
        label="The new password again"
        type="password"
        autoComplete="new-password"
        error={formState.errors.repeated?.message}
        {...register("repeated")}
      />
      <FieldError message={failure} />
      <Button type="submit" pending={formState.isSubmitting} className="w-full">
        Change my password
      </Button>
    </form>
  );
}
