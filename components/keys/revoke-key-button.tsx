"use client";
import { useTranslations } from "next-intl";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { Action } from "@/lib/portal/action-result";

export function RevokeKeyButton({
  apiKeyId,
  prefix,
  revoke,
}: {
  apiKeyId: string;
  prefix: string;
  revoke: Action;
}) {
  const t = useTranslations("keys.revoke");
  return (
    <ConfirmAction
      action={revoke}
      input={{ apiKeyId }}
      options={{ success: t("success", { prefix }) }}
      label={t("label")}
      ariaLabel={t("ariaLabel", { prefix })}
      title={t("title", { prefix })}
      confirmLabel={t("confirm")}
    >
      {t("warning")}
    </ConfirmAction>
  );
}
