"use client";
import { useRouter } from "next/navigation";
import { useTransition } from "react";
import { toast } from "sonner";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/confirm-dialog";
import { callAction } from "@/lib/portal/call-action";

export function RevokeKeyButton({
  apiKeyId,
  prefix,
  revoke,
}: {
  apiKeyId: string;
  prefix: string;
  revoke: (apiKeyId: string) => Promise<ActionResult<undefined>>;
}) {
  const router = useRouter();
  const [pending, startTransition] = useTransition();
  return (
    <ConfirmDialog
      title={`Revoke the key ${prefix}…?`}
      confirmLabel="Revoke key"
      tone="danger"
      pending={pending}
      onConfirm={() =>
        new Promise<void>((resolve) =>
          startTransition(async () => {
            const result = await callAction(() => revoke(apiKeyId));
            if (result.ok) {
              toast.success(`The key ${prefix}… is revoked.`);
              router.refresh();
            } else toast.error(result.error);
            resolve();
          }),
        )
      }
      trigger={(open) => (
        <Button variant="secondary" onClick={open} aria-label={`Revoke ${prefix}`}>
          Revoke
        </Button>
      )}
    >
      Integrations using this key stop working at once. This cannot be undone.
    </ConfirmDialog>
  );
}
