"use client";
/** Switches a channel ONLINE or OFFLINE after a confirmation; the change is recorded as a request. */
import { useTranslations } from "next-intl";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { RequestReceipt } from "@/lib/contract/envelope-schema";
import type { ChannelStanding } from "@/lib/domain/channels";
import type { Action } from "@/lib/portal/action-result";

export function StatusSwitch({
  providerDeliveryChannelId,
  status,
  standing,
  setStatus,
}: {
  providerDeliveryChannelId: string;
  status: string;
  /** What the channel is now (lib/domain/channels/standing.ts): what the switch will do depends on it. */
  standing: ChannelStanding;
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
      {t(`switch.${target}.${isApproved(standing) ? "effect" : "effectOnceApproved"}`)}{" "}
      {t(`switch.${whatHappens(standing)}`)}
    </ConfirmAction>
  );
}

const isApproved = (standing: ChannelStanding) => standing.state === "live" || standing.state === "offline";

/** Which request the switch sends (requestChannelStatus, lib/domain/channels/status.ts): its message's key. */
function whatHappens(standing: ChannelStanding) {
  switch (standing.state) {
    case "awaitingApproval":
      return "replacesUnapproved";
    case "rejected":
    case "withdrawn":
    case "notApproved":
    // A retired channel has no switch (its page shows none); the API refuses its update.
    case "retired":
      return "sendsForApproval";
    default:
      return standing.change?.state === "awaiting" ? "replacesPending" : "appliesAtOnce";
  }
}
