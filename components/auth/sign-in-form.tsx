"use client";
import { zodResolver } from "@hookform/resolvers/zod";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { z } from "zod";
import { Button } from "@/components/ui/button";
import { FieldError, TextInput } from "@/components/ui/field";
import { authClient } from "@/lib/auth/client";
import { DEACTIVATED_CODE } from "@/lib/contract/forms/users";

const signInSchema = z.object({
  email: z.string().trim().min(1, "Enter your email address").email("Enter a valid email address"),
  password: z.string().min(1, "Enter your password"),
});
type SignIn = z.infer<typeof signInSchema>;

function signInFailure(error: { status: number; code?: string; message?: string }): string {
  if (error.status === 429) return "Too many attempts. Wait a minute and try again.";
  if (error.code === DEACTIVATED_CODE && error.message) return error.message;
  return "The email or password is not correct.";
}

export function SignInForm() {
  const router = useRouter();
  const [failure, setFailure] = useState<string>();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<SignIn>({ resolver: zodResolver(signInSchema) });

  const onSubmit = async ({ email, password }: SignIn) => {
    setFailure(undefined);
    const { error } = await authClient.signIn.email({ email, password });
    if (error) {
      setFailure(signInFailure(error));
      return;
    }
    // The server decides where each role lands (the sign-in page redirects a signed-in user).
    router.replace("/sign-in");
    router.refresh();
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-4">
      <TextInput
        label="Email"
        type="email"
        autoComplete="username"
        error={errors.email?.message}
        {...register("email")}
      />
      <TextInput
        label="Password"
        type="password"
        autoComplete="current-password"
        error={errors.password?.message}
        {...register("password")}
      />
      <FieldError message={failure} />
      <Button type="submit" pending={isSubmitting} className="w-full">
        Sign in
      </Button>
      <p className="text-center text-sm">
        <Link href="/forgot-password" className="text-blue-800 underline">
          Forgot your password?
        </Link>
      </p>
    </form>
  );
}
