/** A key's state at a glance: active, expiring soon (with when), expired, revoked. */
import { Badge } from "@/components/ui/page";
import type { KeyState } from "@/lib/domain/api-key-rotation";
import { formatDateTime } from "@/lib/format";

export function KeyStateBadge({ state, expiresAt }: { state: KeyState; expiresAt: Date | null }) {
  if (state === "revoked") return <Badge tone="red">Revoked</Badge>;
  if (state === "expired") return <Badge tone="red">Expired</Badge>;
  if (state === "expiring" && expiresAt)
    return <Badge tone="amber">Expires soon: {formatDateTime(expiresAt)}</Badge>;
  return <Badge tone="green">Active</Badge>;
}
