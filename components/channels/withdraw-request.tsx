"use client";
/**
 * "Withdraw request" on a channel's page (issue 30, finding 9): asks first, saying what withdrawing
 * the pending request does to the channel (lib/domain/channels/withdraw.ts).
 */
import { useTranslations } from "next-intl";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { Action } from "@/lib/portal/action-result";

export function WithdrawRequest({
  providerDeliveryChannelId,
  pending,
  isApproved,
  withdraw,
}: {
  providerDeliveryChannelId: string;
  /** The request awaiting a decision; `previousStatus`: the status withdrawing it restores. */
  pending: { id: string; previousStatus: string | null };
  isApproved: boolean;
  withdraw: Action<unknown>;
}) {
  const tw = useTranslations("channels");
  return (
    <ConfirmAction
      action={withdraw}
      input={{ providerDeliveryChannelId, channelRequestId: pending.id }}
      options={{ success: () => tw("withdraw.success") }}
      label={tw("withdraw.label")}
      title={tw("withdraw.title")}
      confirmLabel={tw("withdraw.confirm")}
      tone="danger"
    >
      {tw(isApproved ? "withdraw.effectApproved" : "withdraw.effectNotApproved")}
      {pending.previousStatus && (
        <> {tw("withdraw.statusBack", { status: tw(`status.${pending.previousStatus}`) })}</>
      )}
    </ConfirmAction>
  );
}
