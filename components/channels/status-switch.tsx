"use client";
/** Switches a channel ONLINE or OFFLINE after a confirmation; the change is recorded as a request. */
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
  const target = status === "ONLINE" ? "OFFLINE" : "ONLINE";
  return (
    <ConfirmAction
      action={setStatus}
      input={{ providerDeliveryChannelId, status: target }}
      options={{ success: (receipt) => `The channel is now ${target}. ${receipt.message}.` }}
      label={target === "ONLINE" ? "Switch online" : "Switch offline"}
      title={`Switch the channel ${target}?`}
      confirmLabel={`Switch ${target}`}
      tone={target === "OFFLINE" ? "danger" : "primary"}
    >
      {target === "OFFLINE"
        ? "Beneficiaries will not be offered this channel until you switch it back online."
        : "Beneficiaries can be offered this channel again."}{" "}
      {whatHappens(isApproved, hasPendingRequest)}
    </ConfirmAction>
  );
}

/** Which request the switch sends (requestChannelStatus, lib/domain/channels/status.ts), in words. */
function whatHappens(isApproved: boolean, hasPendingRequest: boolean) {
  if (!isApproved) {
    return "This channel awaits approval; switching sends a new request that replaces the pending one, with the content you last requested. Approving it approves the channel with this status.";
  }
  if (hasPendingRequest) {
    return "Your changes awaiting approval are sent again with the new status, in a request that replaces the pending one.";
  }
  return "The change applies at once and is recorded as an update-status request for the administrators.";
}
