"use client";
/**
 * Subscribe (or change a subscription) to one event type. Validated in the browser with the
 * contract's subscribe schema, so the form and the API accept the same things. Secrets are never
 * sent back to the browser: changing a subscription means entering them again.
 */
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useForm } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { SelectInput, TextInput } from "@/components/ui/field";
import { portalSubscribeSchema, type SubscriptionReceipt } from "@/lib/contract/subscription";
import type { Action } from "@/lib/portal/action-result";
import { contractResolver } from "@/lib/portal/contract-resolver";
import { useAction } from "@/lib/portal/use-action";

interface SubscriptionValues {
  callbackUrl: string;
  authType: "" | "hmac" | "header" | "basic";
  secret: string;
  headerName: string;
  headerValue: string;
  username: string;
  password: string;
}

type CredentialField = Exclude<keyof SubscriptionValues, "callbackUrl" | "authType">;

/** The fields each kind of authentication asks for (labelled by field name); secrets are typed as passwords. */
const CREDENTIAL_FIELDS: Record<
  Exclude<SubscriptionValues["authType"], "">,
  Array<{ field: CredentialField; secret?: boolean }>
> = {
  hmac: [{ field: "secret", secret: true }],
  header: [{ field: "headerName" }, { field: "headerValue", secret: true }],
  basic: [{ field: "username" }, { field: "password", secret: true }],
};

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
const resolverFor = (eventType: string) =>
  contractResolver<SubscriptionValues>(
    portalSubscribeSchema,
    (values) => toRequest(eventType, values),
    (path) => path.split(".").at(-1) || "callbackUrl",
  );

export function SubscriptionForm({
  eventType,
  current,
  subscribeAction,
}: {
  eventType: string;
  current?: { callbackUrl: string; authType: string | null };
  subscribeAction: Action<SubscriptionReceipt>;
}) {
  const t = useTranslations("webhooks.subscription");
  const [open, setOpen] = useState(!current);
  const form = useForm<SubscriptionValues>({
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
  const {
    register,
    handleSubmit,
    watch,
    formState: { errors },
  } = form;
  const { pending, run } = useAction(subscribeAction, {
    success: () => t("subscribed", { eventType }),
    onSuccess: () => setOpen(false),
  });
  const authType = watch("authType");
  const id = (field: string) => `${eventType}-${field}`;

  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t("change")}
      </Button>
    );
  }
  return (
    <form
      onSubmit={handleSubmit((values) => run(toRequest(eventType, values)))}
      noValidate
      className="space-y-3"
    >
      <TextInput
        id={id("callbackUrl")}
        label={t("callbackUrl")}
        type="url"
        placeholder="https://your-system.example/webhooks"
        error={errors.callbackUrl?.message}
        {...register("callbackUrl")}
      />
      <SelectInput id={id("authType")} label={t("authentication")} {...register("authType")}>
        <option value="">{t("auth.none")}</option>
        <option value="hmac">{t("auth.hmac")}</option>
        <option value="header">{t("auth.header")}</option>
        <option value="basic">{t("auth.basic")}</option>
      </SelectInput>
      {authType && (
        <div className={authType === "hmac" ? undefined : "grid gap-3 sm:grid-cols-2"}>
          {CREDENTIAL_FIELDS[authType].map(({ field, secret }) => (
            <TextInput
              key={field}
              id={id(field)}
              label={t(`credential.${field}`)}
              type={secret ? "password" : undefined}
              autoComplete={secret ? "new-password" : undefined}
              error={errors[field]?.message}
              {...register(field)}
            />
          ))}
        </div>
      )}
      {current?.authType && <p className="text-xs text-slate-600">{t("secretsNotShown")}</p>}
      <div className="flex gap-2">
        <Button type="submit" pending={pending}>
          {current ? t("save") : t("subscribe")}
        </Button>
        {current && (
          <Button variant="ghost" onClick={() => setOpen(false)}>
            {t("cancel")}
          </Button>
        )}
      </div>
    </form>
  );
}
