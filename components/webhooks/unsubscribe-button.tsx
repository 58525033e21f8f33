"use client";
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
  return (
    <ConfirmAction
      action={unsubscribeAction}
      input={{ eventType }}
      options={{ success: (receipt) => `${receipt.message}: ${eventType}.` }}
      label="Unsubscribe"
      variant="ghost"
      title={`Unsubscribe from ${eventType}?`}
      confirmLabel="Unsubscribe"
    >
      Events of this type will no longer be sent to your system.
    </ConfirmAction>
  );
}
