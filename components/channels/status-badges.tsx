/** How a channel's status, approval and requests are shown everywhere. */
import Link from "next/link";
import { Badge } from "@/components/ui/page";
import { REQUEST_TYPES, type RequestKind } from "@/lib/contract/envelope";

const STATUS_TONES = { ONLINE: "green", OFFLINE: "slate", REQUESTED: "amber" } as const;
const STATE_TONES = { PENDING: "amber", APPROVED: "green", REJECTED: "red", SUPERSEDED: "slate" } as const;

export function StatusBadge({ status }: { status: string }) {
  return <Badge tone={STATUS_TONES[status as keyof typeof STATUS_TONES] ?? "slate"}>{status}</Badge>;
}

export function ApprovalBadge({ isApproved }: { isApproved: boolean }) {
  return isApproved ? <Badge tone="green">Approved</Badge> : <Badge tone="amber">Awaiting approval</Badge>;
}

/** A channel whose newest request was rejected: shown until the provider sends a new request. */
export function RejectedBadge({ reason }: { reason: string | null }) {
  if (reason === null) return null;
  return (
    <span title={`Rejected: ${reason}`}>
      <Badge tone="red">Rejected</Badge>
    </span>
  );
}

export function RequestStateBadge({ state }: { state: string }) {
  return (
    <Badge tone={STATE_TONES[state as keyof typeof STATE_TONES] ?? "slate"}>{state.toLowerCase()}</Badge>
  );
}

export const requestKindLabel = (kind: string) => REQUEST_TYPES[kind as RequestKind] ?? kind;

/** A channel list's first cell: the name as a link to the channel, the id below it. */
export function ChannelNameCell({ href, name, id }: { href: string; name: string; id: string }) {
  return (
    <td className="px-4 py-3">
      <Link href={href} className="font-medium text-blue-800 hover:underline">
        {name || id}
      </Link>
      <div className="font-mono text-xs text-slate-500 break-all">{id}</div>
    </td>
  );
}
