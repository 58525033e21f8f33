"use client";
import { useTranslations } from "next-intl";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { SubscriptionReceipt } from "@/lib/contract/subscription";
import type { Action } from "@/lib/portal/action-result";

export function UnsubscribeButton({
  eventType,
  unsubscribeAction,
}: {
  eventType: string;
  unsubscribeAction: Action<SubscriptionReceipt>;
}) {
  const t = useTranslations("webhooks.unsubscribe");
  return (
    <ConfirmAction
      action={unsubscribeAction}
      input={{ eventType }}
      options={{ success: (receipt) => `${receipt.message}: ${eventType}.` }}
      label={t("button")}
      variant="ghost"
      title={t("title", { eventType })}
      confirmLabel={t("button")}
    >
      {t("warning")}
    </ConfirmAction>
  );
}
