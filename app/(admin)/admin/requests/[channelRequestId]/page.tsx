import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DecisionForm } from "@/components/admin/decision-form";
import { DiffView } from "@/components/admin/diff-view";
import { ChannelContent } from "@/components/channels/channel-content";
import { RequestHistory } from "@/components/channels/request-history";
import { RequestStateBadge, requestKindLabel, StatusBadge } from "@/components/channels/status-badges";
import { Card, PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { missingForUse } from "@/lib/contract/channel-form";
import { completeContent, requestForReview } from "@/lib/domain/channels";
import { diffContent } from "@/lib/domain/content-diff";
import { can } from "@/lib/domain/permissions";
import { formatDateTime } from "@/lib/format";
import { decideAction } from "../../actions";

export const metadata: Metadata = { title: "Review request" };

export default async function ReviewPage({ params }: { params: Promise<{ channelRequestId: string }> }) {
  const admin = await requirePlatformUser();
  const request = await requestForReview(admin.actor, (await params).channelRequestId);
  if (!request) notFound();
  const { channel } = request;
  const ownOrganisation = admin.providerId === channel.provider.id;
  return (
    <>
      <PageHeader
        title={`${requestKindLabel(request.kind)}: ${request.submitted.name.translation || channel.providerDeliveryChannelId}`}
        description={
          <>
            From{" "}
            <Link className="underline" href={`/admin/providers/${channel.provider.id}`}>
              {channel.provider.name}
            </Link>
            , submitted {formatDateTime(request.requestedAt)} · channel{" "}
            <span className="font-mono">{channel.providerDeliveryChannelId}</span> ·{" "}
            <StatusBadge status={channel.status} />
          </>
        }
      />
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="space-y-6 lg:col-span-2">
          <IncompleteWarning missing={missingForUse(request.submitted)} />
          {request.approved ? (
            <>
              <Card title="Changes from the approved content">
                <DiffView changes={diffContent(request.approved, request.submitted)} firstVersion={false} />
                <StatusChange request={request} status={channel.status} />
              </Card>
              <Card title="Submitted content">
                <ChannelContent content={completeContent(request.submitted)} />
              </Card>
            </>
          ) : (
            // Never approved: everything is new, so the content itself is the change (no diff).
            <Card title="A new channel: everything is new">
              <StatusChange request={request} status={channel.status} />
              <ChannelContent content={completeContent(request.submitted)} />
            </Card>
          )}
        </div>
        <div className="space-y-6">
          <Card title="Decision">
            {request.state !== "PENDING" ? (
              <p className="text-sm">
                This request is <RequestStateBadge state={request.state} />
                {request.reason ? ` (${request.reason})` : ""} and cannot be decided.
              </p>
            ) : !can(admin.actor, "channels.decide") ? (
              <p className="text-sm text-slate-600">Your role does not decide channel requests.</p>
            ) : ownOrganisation ? (
              <p role="alert" className="text-sm text-amber-900">
                You belong to {channel.provider.name}, so another reviewer must decide this request.
              </p>
            ) : (
              <DecisionForm requestId={request.id} decide={decideAction} />
            )}
          </Card>
          <Card title="Channel history">
            <RequestHistory
              requests={channel.history}
              reviewHref={(id) => `/admin/requests/${id}`}
              current={request.id}
            />
          </Card>
        </div>
      </div>
    </>
  );
}

/** A status the request changed when the provider sent it, and what rejecting does to it. */
function StatusChange({
  request,
  status,
}: {
  request: { state: string; previousStatus: string | null };
  status: string;
}) {
  if (!request.previousStatus || request.state !== "PENDING") return null;
  return (
    <p className="mb-3 text-sm text-slate-700">
      Status change: {request.previousStatus} → {status} (applied when the provider asked; rejecting restores{" "}
      {request.previousStatus}).
    </p>
  );
}

/** A request the contract accepts but that lacks what a usable channel needs. */
function IncompleteWarning({ missing }: { missing: Record<string, string> }) {
  const paths = Object.keys(missing);
  if (paths.length === 0) return null;
  return (
    <p role="alert" className="rounded-md bg-amber-50 p-3 text-sm text-amber-900 ring-1 ring-amber-200">
      This channel is incomplete: it has no {paths.map(describeMissing).join(", no ")}. Beneficiaries cannot
      use it as it is.
    </p>
  );
}

const MISSING_NAMES: Record<string, string> = {
  "name.translation": "name",
  landingPage: "landing page",
  "availability.categoriesSupported": "category of assistance",
};
const describeMissing = (path: string) => MISSING_NAMES[path] ?? path;
