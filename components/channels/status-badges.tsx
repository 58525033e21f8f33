/** How a channel's standing (what it is, and the change under way) and its requests are shown everywhere. */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/page";
import { ProviderText } from "@/components/ui/provider-text";
import { REQUEST_TYPES, type RequestKind } from "@/lib/contract/envelope-schema";
import type { ChannelStanding, StandingState } from "@/lib/domain/channels";

const STATE_TONES = {
  PENDING: "amber",
  APPROVED: "green",
  REJECTED: "red",
  SUPERSEDED: "slate",
  WITHDRAWN: "slate",
} as const;

const STANDING_TONES = {
  live: "green",
  offline: "slate",
  awaitingApproval: "amber",
  rejected: "red",
  withdrawn: "slate",
  notApproved: "slate",
  retired: "slate",
} as const satisfies Record<StandingState, string>;

/**
 * What a channel is, in one word (lib/domain/channels/standing.ts), and the change under way for
 * it; `detailed`: with the pending request's kind or the rejection's reason written out below.
 */
export function ChannelStandingBadges({
  standing,
  detailed = false,
}: {
  standing: ChannelStanding;
  detailed?: boolean;
}) {
  const t = useTranslations("channels");
  const change = standing.state === "live" || standing.state === "offline" ? standing.change : null;
  const reason =
    standing.state === "rejected" ? standing.reason : change?.state === "rejected" ? change.reason : null;
  const kind =
    standing.state === "awaitingApproval" ? standing.kind : change?.state === "awaiting" ? change.kind : null;
  return (
    <span className="inline-flex flex-col items-start gap-1">
      <span className="inline-flex flex-wrap gap-1">
        <Badge tone={STANDING_TONES[standing.state]}>{t(`standing.${standing.state}`)}</Badge>
        {change && (
          <Badge tone={change.state === "awaiting" ? "amber" : "red"}>
            {t(change.state === "awaiting" ? "standing.changeAwaiting" : "standing.changeRejected")}
          </Badge>
        )}
      </span>
      {detailed && reason !== null && (
        <span className="text-xs text-slate-700 wrap-anywhere">{t("history.reason", { reason })}</span>
      )}
      {detailed && kind !== null && (
        <span className="text-xs text-slate-600">
          <RequestKindLabel kind={kind} />
        </span>
      )}
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
