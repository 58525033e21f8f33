"use client";
/** Switches a channel ONLINE or OFFLINE after a confirmation; the change is recorded as a request. */
import { useTranslations } from "next-intl";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { RequestReceipt } from "@/lib/contract/envelope";
import type { Action } from "@/lib/portal/action-result";

export function StatusSwitch({
  providerDeliveryChannelId,
  status,
  isApproved,
  hasPendingRequest,
  setStatus,
}: {
  providerDeliveryChannelId: string;
  status: string;
  isApproved: boolean;
  hasPendingRequest: boolean;
  setStatus: Action<RequestReceipt>;
}) {
  const t = useTranslations("channels");
  const target = status === "ONLINE" ? "OFFLINE" : "ONLINE";
  return (
    <ConfirmAction
      action={setStatus}
      input={{ providerDeliveryChannelId, status: target }}
      // The receipt's message is the API's English.
      options={{ success: (receipt) => t(`switch.${target}.success`, { message: receipt.message }) }}
      label={t(`switch.${target}.label`)}
      title={t(`switch.${target}.title`)}
      confirmLabel={t(`switch.${target}.confirm`)}
      tone={target === "OFFLINE" ? "danger" : "primary"}
    >
      {t(`switch.${target}.effect`)} {t(`switch.${whatHappens(isApproved, hasPendingRequest)}`)}
    </ConfirmAction>
  );
}

/** Which request the switch sends (requestChannelStatus, lib/domain/channels/status.ts): its message's key. */
function whatHappens(isApproved: boolean, hasPendingRequest: boolean) {
  if (!isApproved) return "replacesUnapproved";
  if (hasPendingRequest) return "replacesPending";
  return "appliesAtOnce";
}
