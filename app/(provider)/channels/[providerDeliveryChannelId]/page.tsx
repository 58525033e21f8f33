import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { BudgetView } from "@/components/budgets/budget-view";
import { ChannelContent } from "@/components/channels/channel-content";
import { OptionPurposeList, OptionPurposesForm } from "@/components/channels/option-purposes";
import { RequestHistory } from "@/components/channels/request-history";
import { RetireChannel } from "@/components/channels/retire-channel";
import { ChannelStandingBadges } from "@/components/channels/status-badges";
import { StatusSwitch } from "@/components/channels/status-switch";
import { TranslationList } from "@/components/channels/translation-list";
import { WithdrawRequest } from "@/components/channels/withdraw-request";
import { HelpLink } from "@/components/help-link";
import { buttonClass } from "@/components/ui/button";
import { Card, PageHeader } from "@/components/ui/page";
import { optionPurposes } from "@/lib/domain/beneficiary-data";
import { viewersTranslations } from "@/lib/domain/channels";
import { can } from "@/lib/domain/permissions";
import {
  retireChannelAction,
  setChannelStatusAction,
  setOptionPurposesAction,
  withdrawChannelRequestAction,
} from "../channel-actions";
import { channelDetailOrNotFound } from "./channel-detail";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("channels");
  return { title: t("detail.title") };
}

export default async function ChannelPage({
  params,
}: {
  params: Promise<{ providerDeliveryChannelId: string }>;
}) {
  const t = await getTranslations("channels");
  const { detail, user } = await channelDetailOrNotFound(params);
  const { view } = detail;
  const translated = await viewersTranslations(
    {
      id: detail.channelId,
      name: view.name.translation,
      shortDescription: view.shortDescription?.translation,
    },
    await getLocale(),
  );
  const purposes = (await optionPurposes([detail.channelId])).get(detail.channelId) ?? {};
  const options = (view.deliveryOptions ?? []).map((option) => ({
    fieldName: option.fieldName,
    label: option.fieldLabel || option.fieldName,
    purpose: purposes[option.fieldName] ?? "",
  }));
  return (
    <>
      <PageHeader
        help={<HelpLink page="provider.channel" />}
        title={translated.name ?? (view.name.translation || view.providerDeliveryChannelId)}
        description={<span className="font-mono break-all">{view.providerDeliveryChannelId}</span>}
        actions={
          // A retired channel can no longer be changed: no action is offered for it.
          can(user.actor, "provider.channels.edit") &&
          !detail.retiredAt && (
            <>
              {detail.pending && (
                <WithdrawRequest
                  providerDeliveryChannelId={view.providerDeliveryChannelId}
                  pending={detail.pending}
                  isApproved={view.isApproved}
                  withdraw={withdrawChannelRequestAction}
                />
              )}
              <StatusSwitch
                providerDeliveryChannelId={view.providerDeliveryChannelId}
                status={view.status}
                standing={detail.standing}
                setStatus={setChannelStatusAction}
              />
              <Link
                href={`/channels/${encodeURIComponent(view.providerDeliveryChannelId)}/edit`}
                className={buttonClass()}
              >
                {t("detail.edit")}
              </Link>
              <RetireChannel
                providerDeliveryChannelId={view.providerDeliveryChannelId}
                hasPending={detail.pending !== null}
                retire={retireChannelAction}
              />
            </>
          )
        }
      />
      <div className="mb-6 flex flex-wrap items-center gap-3 text-sm">
        <ChannelStandingBadges standing={detail.standing} />
        {detail.hasPendingChanges && <span className="text-amber-800">{t("detail.pendingChanges")}</span>}
      </div>
      {detail.retiredAt && (
        <p
          role="status"
          className="mb-6 rounded-md bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200"
        >
          {t("detail.retiredAlert")}
        </p>
      )}
      {detail.standing.state === "withdrawn" && (
        <p
          role="status"
          className="mb-6 rounded-md bg-slate-50 p-3 text-sm text-slate-800 ring-1 ring-slate-200"
        >
          {t("detail.withdrawnAlert")}
        </p>
      )}
      {detail.rejectionReason !== null && (
        <p role="alert" className="mb-6 rounded-md bg-red-50 p-3 text-sm text-red-900 ring-1 ring-red-200">
          {t("detail.rejectedAlert", { reason: detail.rejectionReason })}
        </p>
      )}
      <div className="grid gap-6 lg:grid-cols-3">
        <div className="lg:col-span-2">
          <Card title={view.isApproved ? t("detail.approvedContent") : t("detail.requestedContent")}>
            <ChannelContent content={view} translated={translated} />
          </Card>
        </div>
        <div className="space-y-6">
          {detail.budget && (
            <Card title={t("detail.budgetUse")}>
              <BudgetView budget={detail.budget} label={t("detail.channelBudget")} />
            </Card>
          )}
          <Card title={t("purposes.title")}>
            {can(user.actor, "provider.channels.edit") && !detail.retiredAt ? (
              <OptionPurposesForm
                providerDeliveryChannelId={view.providerDeliveryChannelId}
                options={options}
                save={setOptionPurposesAction}
              />
            ) : (
              <OptionPurposeList options={options} />
            )}
          </Card>
          <Card title={t("detail.translations")}>
            <TranslationList translations={detail.translations} />
          </Card>
          <Card title={t("detail.requestHistory")}>
            <RequestHistory requests={detail.history} />
          </Card>
        </div>
      </div>
    </>
  );
}
