/**
 * A channel's requests, newest first: kind, state, when submitted and decided, and the reason given.
 * Administrators get each kind as a link to its review page (`reviewHref`); `current` marks the one
 * being reviewed.
 */
import Link from "next/link";
import { formatDateTime } from "@/lib/format";
import { RequestStateBadge, requestKindLabel } from "./status-badges";

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
  if (requests.length === 0) return <p className="text-sm text-slate-600">No requests.</p>;
  return (
    <ol className="space-y-3">
      {requests.map((request) => (
        <li key={request.id} className="text-sm">
          <div className="flex flex-wrap items-center gap-2">
            {reviewHref && request.id !== current ? (
              <Link href={reviewHref(request.id)} className="font-medium text-blue-800 hover:underline">
                {requestKindLabel(request.kind)}
              </Link>
            ) : (
              <span className="font-medium">{requestKindLabel(request.kind)}</span>
            )}
            <RequestStateBadge state={request.state} />
          </div>
          <div className="text-slate-600">Submitted {formatDateTime(request.requestedAt)}</div>
          {request.decidedAt && (
            <div className="text-slate-600">Decided {formatDateTime(request.decidedAt)}</div>
          )}
          {request.reason && <div className="text-slate-800">Reason: {request.reason}</div>}
        </li>
      ))}
    </ol>
  );
}
