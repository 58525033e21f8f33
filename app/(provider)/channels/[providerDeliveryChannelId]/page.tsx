import type { Metadata } from "next";
import Link from "next/link";
import { BudgetView } from "@/components/budgets/budget-view";
import { ChannelContent } from "@/components/channels/channel-content";
import { RequestHistory } from "@/components/channels/request-history";
import { ApprovalBadge, RejectedBadge, StatusBadge } from "@/components/channels/status-badges";
import { StatusSwitch } from "@/components/channels/status-switch";
import { TranslationList } from "@/components/channels/translation-list";
import { buttonClass } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/page";
import { can } from "@/lib/domain/permissions";
import { setChannelStatusAction } from "../actions";
import { channelDetailOrNotFound } from "./channel-detail";

export const metadata: Metadata = { title: "Channel" };

export default async function ChannelPage({
  params,
}: {
  params: Promise<{ providerDeliveryChannelId: string }>;
}) {
  const { detail, user } = await channelDetailOrNotFound(params);
  const { view } = detail;
  return (
    <>
      <PageHeader
        title={view.name.translation || view.providerDeliveryChannelId}
        description={<span className="font-mono break-all">{view.providerDeliveryChannelId}</span>}
        actions={
          can(user.actor, "provider.channels.edit") && (
            <>
              <StatusSwitch
                providerDeliveryChannelId={view.providerDeliveryChannelId}
                status={view.status}
                isApproved={view.isApproved}
                hasPendingRequest={detail.pendingKind !== null}
                setStatus={setChannelStatusAction}
              />
              <Link
                href={`/channels/${encodeURIComponent(view.providerDeliveryChannelId)}/edit`}
                className={buttonClass()}
              >
                Edit
              </Link>
            </>
          )
        }
      />
      <div className="mb-6 flex flex-wrap items-center gap-3 text-sm">
        <span>
          Status <StatusBadge status={view.status} />
        </span>
        <span>
          <ApprovalBadge isApproved={view.isApproved} />
        </span>
        <RejectedBadge reason={detail.rejectionReason} />
        {detail.hasPendingChanges && (
          <span className="text-amber-800">
            Changes you requested await approval; below is the approved content.
          </span>
        )}
      </div>
      {detail.rejectionReason !== null && (
        <p role="alert" className="mb-6 rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          An administrator rejected your latest request: {detail.rejectionReason}. Edit the channel (or switch
          its status) to send a new request.
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Card title={view.isApproved ? "Approved content" : "Requested content"}>
            <ChannelContent content={view} />
          </Card>
        </div>
        <div className="space-y-6">
          {detail.budget && (
            <Card title="Budget use">
              <BudgetView budget={detail.budget} label="Channel budget" />
            </Card>
          )}
          <Card title="Translations">
            <TranslationList translations={detail.translations} />
          </Card>
          <Card title="Request history">
            <RequestHistory requests={detail.history} />
          </Card>
        </div>
      </div>
    </>
  );
}
