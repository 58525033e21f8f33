import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { DecisionForm } from "@/components/admin/decision-form";
import { DiffView } from "@/components/admin/diff-view";
import { RequestHistory } from "@/components/channels/request-history";
import { ChannelContent } from "@/components/channels/channel-content";
import {
  RequestStateBadge,
  StatusBadge,
  formatDateTime,
  requestKindLabel,
} from "@/components/channels/status-badges";
import { completeContent } from "@/lib/domain/channels";
import { Card, PageHeader } from "@/components/ui/page";
import { requireAdmin } from "@/lib/auth/session";
import { requestForReview } from "@/lib/domain/admin-console";
import { diffContent } from "@/lib/domain/content-diff";
import { decideAction } from "../../actions";

export const metadata: Metadata = { title: "Review request" };

export default async function ReviewPage({ params }: { params: Promise<{ requestId: string }> }) {
  const admin = await requireAdmin();
  const request = await requestForReview((await params).requestId);
  if (!request) notFound();
  const { channel } = request;
  const ownOrganisation = admin.providerId === channel.provider.id;
  const changes = diffContent(request.approved, request.submitted);
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
          <Card
            title={
              request.approved ? "Changes from the approved content" : "A new channel: everything is new"
            }
          >
            <DiffView changes={changes} firstVersion={!request.approved} />
            {request.kind === "UPDATE_STATUS" && request.previousStatus && (
              <p className="mt-3 text-sm text-slate-700">
                Status change: {request.previousStatus} → {channel.status} (applied when the provider asked;
                rejecting restores {request.previousStatus}).
              </p>
            )}
          </Card>
          <Card title="Submitted content">
            <ChannelContent content={completeContent(request.submitted)} />
          </Card>
        </div>
        <div className="space-y-6">
          <Card title="Decision">
            {request.state !== "PENDING" ? (
              <p className="text-sm">
                This request is <RequestStateBadge state={request.state} />
                {request.reason ? ` (${request.reason})` : ""} and cannot be decided.
              </p>
            ) : ownOrganisation ? (
              <p role="alert" className="text-sm text-amber-900">
                You belong to {channel.provider.name}, so another administrator must decide this request.
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
