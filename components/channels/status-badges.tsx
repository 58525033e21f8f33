/** How a channel's status, approval and requests are shown everywhere. */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/page";
import { ProviderText } from "@/components/ui/provider-text";
import { REQUEST_TYPES, type RequestKind } from "@/lib/contract/envelope";

const STATUS_TONES = { ONLINE: "green", OFFLINE: "slate", REQUESTED: "amber" } as const;
const STATE_TONES = { PENDING: "amber", APPROVED: "green", REJECTED: "red", SUPERSEDED: "slate" } as const;

export function StatusBadge({ status }: { status: string }) {
  const t = useTranslations("channels");
  return (
    <Badge tone={STATUS_TONES[status as keyof typeof STATUS_TONES] ?? "slate"}>
      {Object.hasOwn(STATUS_TONES, status) ? t(`status.${status}`) : status}
    </Badge>
  );
}

export function ApprovalBadge({ isApproved }: { isApproved: boolean }) {
  const t = useTranslations("channels");
  return isApproved ? (
    <Badge tone="green">{t("badges.approved")}</Badge>
  ) : (
    <Badge tone="amber">{t("badges.awaitingApproval")}</Badge>
  );
}

/** A channel whose newest request was rejected: shown until the provider sends a new request. */
export function RejectedBadge({ reason }: { reason: string | null }) {
  const t = useTranslations("channels");
  if (reason === null) return null;
  return (
    <span title={t("badges.rejectedBecause", { reason })}>
      <Badge tone="red">{t("badges.rejected")}</Badge>
    </span>
  );
}

export function RequestStateBadge({ state }: { state: string }) {
  const t = useTranslations("channels");
  return (
    <Badge tone={STATE_TONES[state as keyof typeof STATE_TONES] ?? "slate"}>
      {Object.hasOwn(STATE_TONES, state) ? t(`requestState.${state}`) : state.toLowerCase()}
    </Badge>
  );
}

/**
 * The contract's English name of a request kind (the API's requestType), for callers without a
 * translator; pages show <RequestKindLabel> (or channels' requestKind.<KIND> message) instead.
 */
export const requestKindLabel = (kind: string) => REQUEST_TYPES[kind as RequestKind] ?? kind;

/** A request kind in the reader's language. */
export function RequestKindLabel({ kind }: { kind: string }) {
  const t = useTranslations("channels");
  return Object.hasOwn(REQUEST_TYPES, kind) ? t(`requestKind.${kind}`) : kind;
}

/** A channel list's first cell: the name as a link to the channel, the id below it. */
export function ChannelNameCell({ href, name, id }: { href: string; name: string; id: string }) {
  return (
    <td className="px-4 py-3 wrap-anywhere">
      <Link href={href} className="font-medium text-blue-800 hover:underline">
        <ProviderText>{name || id}</ProviderText>
      </Link>
      <div className="font-mono text-xs text-slate-500 break-all">{id}</div>
    </td>
  );
}
