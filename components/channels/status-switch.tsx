"use client";
/** Switches a channel ONLINE or OFFLINE after a confirmation; the change is recorded as a request. */
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import type { RequestReceipt } from "@/lib/contract/envelope";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { callAction } from "@/lib/portal/call-action";

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
  setStatus: (input: unknown) => Promise<ActionResult<RequestReceipt>>;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  const target = status === "ONLINE" ? "OFFLINE" : "ONLINE";
  const confirm = () =>
    new Promise<void>((resolve) =>
      startTransition(async () => {
        const result = await callAction(() => setStatus({ providerDeliveryChannelId, status: target }));
        if (result.ok) {
          toast.success(`The channel is now ${target}. ${result.data.message}.`);
          router.refresh();
        } else toast.error(result.error);
        resolve();
      }),
    );
  return (
    <ConfirmDialog
      title={`Switch the channel ${target}?`}
      confirmLabel={`Switch ${target}`}
      tone={target === "OFFLINE" ? "danger" : "primary"}
      pending={pending}
      onConfirm={confirm}
      trigger={(open) => (
        <Button variant="secondary" onClick={open}>
          {target === "ONLINE" ? "Switch online" : "Switch offline"}
        </Button>
      )}
    >
      {target === "OFFLINE"
        ? "Beneficiaries will not be offered this channel until you switch it back online."
        : "Beneficiaries can be offered this channel again."}{" "}
      {whatHappens(isApproved, hasPendingRequest)}
    </ConfirmDialog>
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
