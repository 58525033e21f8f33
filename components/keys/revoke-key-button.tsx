"use client";
import { ConfirmAction } from "@/components/ui/confirm-action";
import type { Action } from "@/lib/portal/action-result";

export function RevokeKeyButton({
  apiKeyId,
  prefix,
  revoke,
}: {
  apiKeyId: string;
  prefix: string;
  revoke: Action;
}) {
  return (
    <ConfirmAction
      action={revoke}
      input={{ apiKeyId }}
      options={{ success: `The key ${prefix}… is revoked.` }}
      label="Revoke"
      ariaLabel={`Revoke ${prefix}`}
      title={`Revoke the key ${prefix}…?`}
      confirmLabel="Revoke key"
    >
      Integrations using this key stop working at once. This cannot be undone.
    </ConfirmAction>
  );
}
