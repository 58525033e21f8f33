"use client";
/**
 * "Retire channel" on a channel's page (issue 30, finding 9): asks first, saying that it is final and
 * what it ends (lib/domain/channels/retire.ts).
 */
import { useTranslations } from "next-intl";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { Action } from "@/lib/portal/action-result";

export function RetireChannel({
  providerDeliveryChannelId,
  hasPending,
  retire,
}: {
  providerDeliveryChannelId: string;
  /** A request awaits a decision: retiring withdraws it. */
  hasPending: boolean;
  retire: Action<unknown>;
}) {
  const tr = useTranslations("channels");
  return (
    <ConfirmAction
      action={retire}
      input={{ providerDeliveryChannelId }}
      options={{ success: () => tr("retire.success") }}
      label={tr("retire.label")}
      title={tr("retire.title")}
      confirmLabel={tr("retire.confirm")}
      tone="danger"
    >
      {tr("retire.effect")}
      {hasPending && <> {tr("retire.pendingWithdrawn")}</>}
    </ConfirmAction>
  );
}
