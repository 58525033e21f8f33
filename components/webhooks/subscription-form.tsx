"use client";
/**
 * Subscribe (or change a subscription) to one event type. Validated in the browser with the
 * contract's subscribe schema, so the form and the API accept the same things. Secrets are never
 * sent back to the browser: changing a subscription means entering them again.
 */
import { useRouter } from "next/navigation";
import { useState } from "react";
import { type FieldErrors, type Resolver, useForm } from "react-hook-form";
import { toast } from "sonner";
import { fieldErrors } from "@/lib/contract/issues";
import { type SubscriptionReceipt, subscribeRequestSchema } from "@/lib/contract/subscription";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { Field, TextInput, inputClass } from "@/components/ui/field";
import { callAction } from "@/lib/portal/call-action";

interface SubscriptionValues {
  callbackUrl: string;
  authType: "" | "hmac" | "header" | "basic";
  secret: string;
  headerName: string;
  headerValue: string;
  username: string;
  password: string;
}

function toRequest(eventType: string, values: SubscriptionValues) {
  const auth =
    values.authType === "hmac"
      ? { type: "hmac", secret: values.secret }
      : values.authType === "header"
        ? { type: "header", headerName: values.headerName, headerValue: values.headerValue }
        : values.authType === "basic"
          ? { type: "basic", username: values.username, password: values.password }
          : null;
  return { eventType, callbackUrl: values.callbackUrl.trim(), auth };
}

/** The contract's schema on the request the form would send; `auth.secret` errors land on `secret`. */
const resolverFor =
  (eventType: string): Resolver<SubscriptionValues> =>
  async (values) => {
    const problems = fieldErrors(subscribeRequestSchema, toRequest(eventType, values));
    if (Object.keys(problems).length === 0) return { values, errors: {} };
    const errors: FieldErrors<SubscriptionValues> = {};
    for (const [path, message] of Object.entries(problems)) {
      const field = (path.split(".").at(-1) || "callbackUrl") as keyof SubscriptionValues;
      errors[field] ??= { type: "validate", message };
    }
    return { values: {}, errors };
  };

export function SubscriptionForm({
  eventType,
  current,
  subscribeAction,
}: {
  eventType: string;
  current?: { callbackUrl: string; authType: string | null };
  subscribeAction: (input: unknown) => Promise<ActionResult<SubscriptionReceipt>>;
}) {
  const router = useRouter();
  const [open, setOpen] = useState(!current);
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors, isSubmitting },
  } = useForm<SubscriptionValues>({
    resolver: resolverFor(eventType),
    mode: "onTouched",
    defaultValues: {
      callbackUrl: current?.callbackUrl ?? "",
      authType: (current?.authType ?? "") as SubscriptionValues["authType"],
      secret: "",
      headerName: "",
      headerValue: "",
      username: "",
      password: "",
    },
  });
  const authType = watch("authType");
  const id = (field: string) => `${eventType}-${field}`;

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Change
      </Button>
    );
  }
  const onSubmit = async (values: SubscriptionValues) => {
    const result = await callAction(() => subscribeAction(toRequest(eventType, values)));
    if (!result.ok) return void toast.error(result.error);
    toast.success(`${result.data.message}: ${eventType}.`);
    setOpen(false);
    router.refresh();
  };
  return (
    <form onSubmit={handleSubmit(onSubmit)} noValidate className="space-y-3">
      <TextInput
        id={id("callbackUrl")}
        label="Callback URL"
        type="url"
        placeholder="https://your-system.example/webhooks"
        error={errors.callbackUrl?.message}
        {...register("callbackUrl")}
      />
      <Field label="Authentication" htmlFor={id("authType")}>
        <select id={id("authType")} className={inputClass} {...register("authType")}>
          <option value="">None</option>
          <option value="hmac">HMAC signature (x-signature and webhook-signature)</option>
          <option value="header">A fixed header</option>
          <option value="basic">HTTP Basic</option>
        </select>
      </Field>
      {authType === "hmac" && (
        <TextInput
          id={id("secret")}
          label="Secret"
          type="password"
          autoComplete="new-password"
          error={errors.secret?.message}
          {...register("secret")}
        />
      )}
      {authType === "header" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput
            id={id("headerName")}
            label="Header name"
            error={errors.headerName?.message}
            {...register("headerName")}
          />
          <TextInput
            id={id("headerValue")}
            label="Header value"
            type="password"
            autoComplete="new-password"
            error={errors.headerValue?.message}
            {...register("headerValue")}
          />
        </div>
      )}
      {authType === "basic" && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextInput
            id={id("username")}
            label="Username"
            error={errors.username?.message}
            {...register("username")}
          />
          <TextInput
            id={id("password")}
            label="Password"
            type="password"
            autoComplete="new-password"
            error={errors.password?.message}
            {...register("password")}
          />
        </div>
      )}
      {current?.authType && (
        <p className="text-xs text-slate-600">
          Saved secrets are never shown: enter them again to change the subscription.
        </p>
      )}
      <div className="flex gap-2">
        <Button type="submit" pending={isSubmitting}>
          {current ? "Save subscription" : "Subscribe"}
        </Button>
        {current && (
          <Button variant="ghost" onClick={() => setOpen(false)}>
            Cancel
          </Button>
        )}
      </div>
    </form>
  );
}
