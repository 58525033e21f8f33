"use client";
/**
 * A react-hook-form form judged by the action's own contract schema, submitted through useAction.
 * What a success answers is kept (a key or a password shown once) and the form is emptied.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useState } from "react";
import { type DefaultValues, type FieldValues, useForm } from "react-hook-form";
import type { z } from "zod";
import type { Action } from "@/lib/portal/action-result";
import { useAction } from "@/lib/portal/use-action";

export function useActionForm<S extends z.ZodType<FieldValues, FieldValues>, T>(
  schema: S,
  defaultValues: DefaultValues<z.input<S>>,
  action: Action<T>,
  success: string | ((data: T) => string),
) {
  const [created, setCreated] = useState<T>();
  const form = useForm<z.input<S>, unknown, z.output<S>>({ resolver: zodResolver(schema), defaultValues });
  const { pending, run } = useAction(action, {
    form,
    success,
    onSuccess: (data) => {
      setCreated(data);
      form.reset();
    },
  });
  return { form, errors: form.formState.errors, created, pending, submit: form.handleSubmit(run) };
}
