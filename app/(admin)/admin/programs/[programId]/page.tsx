import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { ApprovalPolicyForm } from "@/components/admin/approval-policy-form";
import { ApprovalStateBadge } from "@/components/admin/approval-state";
import { DeliveryRequestForm } from "@/components/admin/delivery-request-form";
import { AddChannelForm } from "@/components/admin/program-forms";
import { BudgetView } from "@/components/budgets/budget-view";
import { ChannelSpending } from "@/components/budgets/channel-spending";
import { StatusBadge } from "@/components/channels/status-badges";
import { Card, PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { channelName } from "@/lib/domain/channels";
import { can } from "@/lib/domain/permissions";
import { programDetail, programSpending } from "@/lib/domain/programs";
import { formatAmount, formatCount, formatDateTime } from "@/lib/format";
import { addChannelAction, approvalPolicyAction } from "../actions";
import { previewSendAction, sendAction } from "../send-actions";

export const metadata: Metadata = { title: "Program" };

export default async function ProgramPage({ params }: { params: Promise<{ programId: string }> }) {
  const user = await requirePlatformUser();
  const program = await programDetail(user.actor, (await params).programId);
  if (!program) notFound();
  const spending = await programSpending(user.actor, program.id);
  const sendable = program.channels
    .filter((channel) => channel.sendable)
    .map(({ id, name, providerName, columns }) => ({ id, label: `${name} (${providerName})`, columns }));
  return (
    <>
      <PageHeader title={program.name} description={program.description || `Gives ${program.unit}`} />
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title="Program Virtual Budget">
          {program.virtualBudget && (
            <BudgetView budget={program.virtualBudget} label="Program Virtual Budget" />
          )}
        </Card>
        <Card title="Channels serving the program">
          <ul className="mb-4 space-y-4">
            {program.channels.length === 0 && <li className="text-sm text-slate-600">No channels yet.</li>}
            {program.channels.map((channel) => (
              <li key={channel.id} className="text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{channel.name}</span>
                  <span className="text-slate-600">{channel.providerName}</span>
                  <StatusBadge status={channel.status} />
                </div>
                {channel.budget ? (
                  <div className="mt-2">
                    <BudgetView budget={channel.budget} label={`Channel budget of ${channel.name}`} />
                  </div>
                ) : (
                  <p className="text-slate-600">
                    {channel.hasBudgetAmount
                      ? "Channel budget: not used yet"
                      : "No channel budget: the Program Virtual Budget alone applies"}
                  </p>
                )}
              </li>
            ))}
          </ul>
          {can(user.actor, "programs.manage") && (
            <AddChannelForm
              programId={program.id}
              candidates={program.candidates.map((c) => ({
                id: c.id,
                label: `${c.name} (${c.provider.name})`,
              }))}
              add={addChannelAction}
            />
          )}
        </Card>
        <div className="lg:col-span-2">
          <Card title="Approval policy">
            {can(user.actor, "policies.manage") ? (
              <ApprovalPolicyForm
                programId={program.id}
                unit={program.unit}
                policy={program.policy}
                save={approvalPolicyAction}
              />
            ) : (
              <PolicySummary policy={program.policy} unit={program.unit} />
            )}
          </Card>
        </div>
        {can(user.actor, "deliveries.send") && (
          <div className="lg:col-span-2">
            <Card title="Send a delivery request">
              <DeliveryRequestForm
                programId={program.id}
                channels={sendable}
                preview={previewSendAction}
                send={sendAction}
              />
            </Card>
          </div>
        )}
        <div className="lg:col-span-2">
          <Card title="Spending per channel">
            <ChannelSpending rows={spending} unit={program.unit} />
          </Card>
        </div>
        <div className="lg:col-span-2">
          <Card title="Delivery requests">
            {program.requests.length === 0 ? (
              <p className="text-sm text-slate-600">None sent yet.</p>
            ) : (
              <ul className="space-y-4">
                {program.requests.map((request) => (
                  <li key={request.id} className="text-sm">
                    <div className="flex flex-wrap gap-3">
                      <span className="font-medium">{request.description}</span>
                      <span>{formatAmount(request.totalMinor, request.unit)}</span>
                      <span className="text-slate-600">
                        {channelName(
                          request.channel.approvedContent,
                          request.channel.providerDeliveryChannelId,
                        )}
                      </span>
                      {request.approvalState === "SENT" ? (
                        <span className="text-slate-600">{request.status}</span>
                      ) : (
                        <ApprovalStateBadge state={request.approvalState} />
                      )}
                      <span className="text-slate-600">{formatDateTime(request.createdAt)}</span>
                    </div>
                    <Link
                      className="text-blue-800 hover:underline"
                      href={`/admin/programs/${program.id}/requests/${request.id}`}
                    >
                      {formatCount(request.deliveryCount)}{" "}
                      {request.deliveryCount === 1 ? "delivery" : "deliveries"}: statuses and refunds
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
      </div>
    </>
  );
}

function PolicySummary({
  policy,
  unit,
}: {
  policy: {
    deliveryThreshold: number | null;
    deliveryApprovalsRequired: number;
    refundThreshold: number | null;
    refundApprovalsRequired: number;
  };
  unit: string;
}) {
  const rule = (what: string, threshold: number | null, count: number) =>
    threshold === null
      ? `${what}: no approval needed.`
      : `${what} above ${threshold} ${unit}: ${count} approval(s) from distinct finance approvers.`;
  return (
    <ul className="text-sm">
      <li>{rule("Delivery requests", policy.deliveryThreshold, policy.deliveryApprovalsRequired)}</li>
      <li>{rule("Refunds", policy.refundThreshold, policy.refundApprovalsRequired)}</li>
    </ul>
  );
}
