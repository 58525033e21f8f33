"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import type { SubscriptionReceipt } from "@/lib/contract/subscription";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { callAction } from "@/lib/portal/call-action";

export function UnsubscribeButton({
  eventType,
  unsubscribeAction,
}: {
  eventType: string;
  unsubscribeAction: (input: unknown) => Promise<ActionResult<SubscriptionReceipt>>;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <ConfirmDialog
      title={`Unsubscribe from ${eventType}?`}
      confirmLabel="Unsubscribe"
      tone="danger"
      pending={pending}
      onConfirm={() =>
        new Promise<void>((resolve) =>
          startTransition(async () => {
            const result = await callAction(() => unsubscribeAction({ eventType }));
            if (result.ok) {
              toast.success(`${result.data.message}: ${eventType}.`);
              router.refresh();
            } else toast.error(result.error);
            resolve();
          }),
        )
      }
      trigger={(open) => (
        <Button variant="ghost" onClick={open}>
          Unsubscribe
        </Button>
      )}
    >
      Events of this type will no longer be sent to your system.
    </ConfirmDialog>
  );
}
