/**
 * A channel's requests, newest first: kind, state, when submitted and decided, and the reason given.
 * Administrators get each kind as a link to its review page (`reviewHref`); `current` marks the one
 * being reviewed.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/i18n/use-format";
import { RequestKindLabel, RequestStateBadge } from "./status-badges";

export interface HistoryEntry {
  id: string;
  kind: string;
  state: string;
  requestedAt: Date;
  decidedAt: Date | null;
  reason: string | null;
}

export function RequestHistory({
  requests,
  reviewHref,
  current,
}: {
  requests: HistoryEntry[];
  reviewHref?: (requestId: string) => string;
  current?: string;
}) {
  const t = useTranslations("channels");
  const format = useFormat();
  if (requests.length === 0) return <p className="text-sm text-slate-600">{t("history.none")}</p>;
  return (
    <ol className="space-y-3">
      {requests.map((request) => (
        <li key={request.id} className="text-sm">
          <div className="flex flex-wrap items-center gap-2">
            {reviewHref && request.id !== current ? (
              <Link href={reviewHref(request.id)} className="font-medium text-blue-800 hover:underline">
                <RequestKindLabel kind={request.kind} />
              </Link>
            ) : (
              <span className="font-medium">
                <RequestKindLabel kind={request.kind} />
              </span>
            )}
            <RequestStateBadge state={request.state} />
          </div>
          <div className="text-slate-600">
            {t("history.submitted", { date: format.dateTime(request.requestedAt) })}
          </div>
          {request.decidedAt && (
            <div className="text-slate-600">
              {/* A withdrawal is the provider's, not a decision (lib/domain/channels/withdraw.ts). */}
              {t(request.state === "WITHDRAWN" ? "history.withdrawn" : "history.decided", {
                date: format.dateTime(request.decidedAt),
              })}
            </div>
          )}
          {request.reason && (
            <div className="text-slate-800">{t("history.reason", { reason: request.reason })}</div>
          )}
        </li>
      ))}
    </ol>
  );
}
