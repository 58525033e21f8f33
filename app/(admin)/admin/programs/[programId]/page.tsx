import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { useTranslations } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import { ApprovalPolicyForm } from "@/components/admin/approval-policy-form";
import { ApprovalStateBadge } from "@/components/admin/approval-state";
import { ClearDeliveriesExport } from "@/components/admin/beneficiary-values";
import { DeliveryRequestForm } from "@/components/admin/delivery-request-form";
import { DeliveryStatus } from "@/components/admin/delivery-status";
import { AddChannelForm } from "@/components/admin/program-forms";
import { RetentionForm } from "@/components/admin/retention-form";
import { BudgetView } from "@/components/budgets/budget-view";
import { ChannelSpending } from "@/components/budgets/channel-spending";
import { ChannelStandingBadges } from "@/components/channels/status-badges";
import { HelpLink } from "@/components/help-link";
import { ReconciliationWindowCard } from "@/components/reconciliation/reconciliation-window-form";
import { buttonClass } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/page";
import { ProviderText } from "@/components/ui/provider-text";
import { requirePlatformUser } from "@/lib/auth/session";
import { programRetention } from "@/lib/domain/beneficiary-data";
import { channelName, namesInViewersLanguage } from "@/lib/domain/channels";
import { toMinor } from "@/lib/domain/money";
import { can } from "@/lib/domain/permissions";
import { programDetail, programSpending } from "@/lib/domain/programs";
import { isolated, withoutDirectionControls } from "@/lib/format";
import { getFormat } from "@/lib/i18n/get-format";
import { useFormat } from "@/lib/i18n/use-format";
import {
  addChannelAction,
  approvalPolicyAction,
  reconciliationWindowAction,
  retentionAction,
} from "../program-actions";
import { previewSendAction, sendAction } from "../send-delivery-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("programs.detail");
  return { title: t("title") };
}

export default async function ProgramPage({ params }: { params: Promise<{ programId: string }> }) {
  const user = await requirePlatformUser();
  const found = await programDetail(user.actor, (await params).programId);
  if (!found) notFound();
  const { program, spending } = await inReadersLanguage(
    found,
    await programSpending(user.actor, found.id),
    await getLocale(),
  );
  const t = await getTranslations("programs.detail");
  const format = await getFormat();
  const retention = await programRetention(program.id);
  const sendable = program.channels
    .filter((channel) => channel.sendable)
    .map(({ id, name, providerName, columns }) => ({
      id,
      label: `${isolated(name)} (${isolated(providerName)})`,
      columns,
    }));
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.program" />}
        title={program.name}
        description={program.description || t("gives", { unit: program.unit })}
      />
      <nav aria-label={t("exports")} className="mb-6 flex flex-wrap gap-3">
        {(["requests", "deliveries", "channels"] as const).map((table) => (
          <a
            key={table}
            className={buttonClass("secondary")}
            href={`/admin/programs/${program.id}/export/${table}`}
            download
          >
            {t(`export.${table}`)}
          </a>
        ))}
      </nav>
      {can(user.actor, "beneficiaries.values.read") && (
        <div className="-mt-3 mb-6">
          <ClearDeliveriesExport action={`/admin/programs/${program.id}/export/deliveries`} />
        </div>
      )}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card title={t("virtualBudget")}>
          {program.virtualBudget && <BudgetView budget={program.virtualBudget} label={t("virtualBudget")} />}
        </Card>
        <Card title={t("retention.title")}>
          <p className="text-sm">{t("retention.policy", { days: retention.retentionDays })}</p>
          <p className="mt-2 text-sm text-slate-600">
            {retention.nextErasureAt
              ? t("retention.next", { at: format.dateTime(retention.nextErasureAt) })
              : t("retention.none")}
          </p>
          {can(user.actor, "policies.manage") && (
            <RetentionForm
              programId={program.id}
              retentionDays={retention.retentionDays}
              save={retentionAction}
            />
          )}
        </Card>
        <ReconciliationWindowCard
          programId={program.id}
          windowDays={program.reconciliationWindowDays}
          save={can(user.actor, "policies.manage") ? reconciliationWindowAction : undefined}
        />
        <Card title={t("channels")}>
          <ul className="mb-4 space-y-4">
            {program.channels.length === 0 && <li className="text-sm text-slate-600">{t("noChannels")}</li>}
            {program.channels.map((channel) => (
              <li key={channel.id} className="text-sm">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">
                    <ProviderText>{channel.name}</ProviderText>
                  </span>
                  <span className="text-slate-600">{channel.providerName}</span>
                  <ChannelStandingBadges standing={channel.standing} />
                </div>
                {channel.budget ? (
                  <div className="mt-2">
                    <BudgetView
                      budget={channel.budget}
                      label={t("channelBudgetOf", { channel: withoutDirectionControls(channel.name) })}
                    />
                  </div>
                ) : (
                  <p className="text-slate-600">
                    {channel.hasBudgetAmount ? t("channelBudgetUnused") : t("noChannelBudget")}
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
                label: `${isolated(c.name)} (${isolated(c.provider.name)})`,
              }))}
              add={addChannelAction}
            />
          )}
        </Card>
        <div className="lg:col-span-2">
          <Card title={t("approvalPolicy")}>
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
            <Card title={t("send")}>
              <DeliveryRequestForm
                programId={program.id}
                channels={sendable}
                served={program.channels.length}
                preview={previewSendAction}
                send={sendAction}
              />
            </Card>
          </div>
        )}
        <div className="lg:col-span-2">
          <Card title={t("spending")}>
            <ChannelSpending rows={spending} unit={program.unit} />
          </Card>
        </div>
        <div className="lg:col-span-2">
          <Card title={t("requests")}>
            {program.requests.length === 0 ? (
              <p className="text-sm text-slate-600">{t("noRequests")}</p>
            ) : (
              <ul className="space-y-4">
                {program.requests.map((request) => (
                  <li key={request.id} className="text-sm">
                    <div className="flex flex-wrap gap-3">
                      <span className="font-medium">
                        <ProviderText>{request.description}</ProviderText>
                      </span>
                      <span>{format.amount(request.totalMinor, request.unit)}</span>
                      <span className="text-slate-600">
                        <ProviderText>{request.channelName}</ProviderText>
                      </span>
                      {request.approvalState === "SENT" ? (
                        <span className="text-slate-600">
                          <DeliveryStatus status={request.status} />
                        </span>
                      ) : (
                        <ApprovalStateBadge state={request.approvalState} />
                      )}
                      <span className="text-slate-600">{format.dateTime(request.createdAt)}</span>
                    </div>
                    <Link
                      className="text-blue-800 hover:underline"
                      href={`/admin/programs/${program.id}/requests/${request.id}`}
                    >
                      {t("requestLink", { count: request.deliveryCount })}
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

type Program = NonNullable<Awaited<ReturnType<typeof programDetail>>>;
type Spending = Awaited<ReturnType<typeof programSpending>>;

/** Every channel the page names, by its name in the reader's language where one is translated. */
async function inReadersLanguage(program: Program, spending: Spending, locale: string) {
  const requests = program.requests.map((request) => ({
    ...request,
    channelName: channelName(request.channel.approvedContent, request.channel.providerDeliveryChannelId),
  }));
  const shown = await namesInViewersLanguage(
    [
      ...program.channels,
      ...program.candidates,
      ...requests.map((request) => ({ id: request.channelId, name: request.channelName })),
      ...spending.map((row) => ({ id: row.channelId, name: row.name })),
    ],
    locale,
  );
  return {
    program: {
      ...program,
      channels: program.channels.map((channel) => ({ ...channel, name: shown(channel.id, channel.name) })),
      candidates: program.candidates.map((channel) => ({
        ...channel,
        name: shown(channel.id, channel.name),
      })),
      requests: requests.map((request) => ({
        ...request,
        channelName: shown(request.channelId, request.channelName),
      })),
    },
    spending: spending
      .map((row) => ({ ...row, name: shown(row.channelId, row.name) }))
      .sort((a, b) => a.name.localeCompare(b.name, locale) || a.channelId.localeCompare(b.channelId)),
  };
}

/** The policy in words, for whoever may not change it (synchronous, so it reads its texts by the hook). */
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
  const policyText = useTranslations("programs.policy");
  const format = useFormat();
  return (
    <ul className="text-sm">
      <li>
        {policy.deliveryThreshold === null
          ? policyText("deliveryFree")
          : policyText("deliveryRule", {
              amount: format.amount(toMinor(policy.deliveryThreshold), unit),
              count: policy.deliveryApprovalsRequired,
            })}
      </li>
      <li>
        {policy.refundThreshold === null
          ? policyText("refundFree")
          : policyText("refundRule", {
              amount: format.amount(toMinor(policy.refundThreshold), unit),
              count: policy.refundApprovalsRequired,
            })}
      </li>
    </ul>
  );
}
