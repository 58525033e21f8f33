import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getLocale, getTranslations } from "next-intl/server";
import { DeliveryValues, ValuesControl } from "@/components/admin/beneficiary-values";
import { DeliveryAmount } from "@/components/admin/delivery-amount";
import { DeliveryStatus, statusText } from "@/components/admin/delivery-status";
import { PaymentApprovals } from "@/components/admin/payment-approvals-card";
import { PaymentDecision } from "@/components/admin/payment-decision";
import { RefundButton } from "@/components/admin/refund-dialog";
import { HelpLink } from "@/components/help-link";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { PagedTable } from "@/components/ui/paged-table";
import { ProviderText } from "@/components/ui/provider-text";
import { SearchForm } from "@/components/ui/search-form";
import { cellClass } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { isValuePurpose } from "@/lib/contract/forms/beneficiary-data-forms";
import { mayKnowBeneficiaries } from "@/lib/domain/beneficiary-data";
import { channelName, nameInViewersLanguage } from "@/lib/domain/channels";
import { pageQuery } from "@/lib/domain/paging";
import {
  approvalsRequiredFor,
  deliveryRequestConsequences,
  refundConsequences,
  requestApprovals,
} from "@/lib/domain/payments";
import { can } from "@/lib/domain/permissions";
import { deliveryRequestDetail } from "@/lib/domain/programs";
import { isolated, withoutDirectionControls } from "@/lib/format";
import { getFormat } from "@/lib/i18n/get-format";
import { approvalPreviews } from "../../../../approvals/approval-previews";
import { approvePaymentAction, rejectPaymentAction } from "../../../../approvals/payment-decision-actions";
import { refundAction } from "../../../program-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("programs.request");
  return { title: t("title") };
}

/** One delivery request: its deliveries a page at a time, searchable by beneficiary, with refunds. */
export default async function DeliveryRequestPage({
  params,
  searchParams,
}: {
  params: Promise<{ programId: string; deliveryRequestId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const { programId, deliveryRequestId } = await params;
  const query = await searchParams;
  const q = typeof query.q === "string" ? query.q : "";
  const purpose = isValuePurpose(query.purpose) ? query.purpose : null;
  const detail = await deliveryRequestDetail(user.actor, programId, deliveryRequestId, {
    q,
    purpose,
    ...pageQuery(query),
  });
  if (!detail) notFound();
  const { request, deliveries } = detail;
  const approvals = await requestApprovals(user.actor, request.id);
  const t = await getTranslations("programs.request");
  const statuses = await getTranslations("programs.statuses");
  const format = await getFormat();
  const pendingRefunds = new Set(
    approvals.refunds
      .filter((refund) => refund.state === "PENDING_APPROVAL")
      .map((refund) => refund.deliveryId),
  );
  // Each delivery's latest refund request (newest first): a rejected one shows on its row.
  const latestRefund = new Map<string, (typeof approvals.refunds)[number]>();
  for (const refund of approvals.refunds)
    if (!latestRefund.has(refund.deliveryId)) latestRefund.set(refund.deliveryId, refund);
  /** On the row of a delivery whose latest refund was rejected (or expired): who, when and why. */
  const refundOutcome = (deliveryId: string) => {
    const refund = latestRefund.get(deliveryId);
    if (refund?.state !== "REJECTED" && refund?.state !== "EXPIRED") return null;
    const rejection = refund.decisions.find((decision) => decision.decision === "REJECTED");
    return (
      <span className="block text-xs text-red-800">
        {rejection
          ? // Isolated: a name or reason in another script must not reorder the sentence around it.
            t("refundRejected", {
              approver: isolated(rejection.approver.name),
              at: isolated(format.dateTime(rejection.at)),
              reason: isolated(
                approvals.reasonsHidden
                  ? t("reasonHidden")
                  : (rejection.reason ?? refund.rejectionReason ?? t("valuesErased")),
              ),
            })
          : t("refundExpired")}
      </span>
    );
  };
  const [requestPreview, refundPreviews] =
    approvals.mayDecide || approvals.refunds.some((r) => r.mayDecide)
      ? await Promise.all([
          deliveryRequestConsequences(user.actor, approvals.mayDecide ? [request.id] : []).then(
            approvalPreviews,
          ),
          refundConsequences(
            user.actor,
            approvals.refunds.filter((refund) => refund.mayDecide).map((refund) => refund.id),
          ).then(approvalPreviews),
        ])
      : [new Map(), new Map()];
  const decide = (kind: "deliveryRequest" | "refund", id: string, label: string) => (
    <PaymentDecision
      kind={kind}
      id={id}
      preview={(kind === "refund" ? refundPreviews : requestPreview).get(id)!}
      label={label}
      approve={approvePaymentAction}
      reject={rejectPaymentAction}
    />
  );
  const basePath = `/admin/programs/${programId}/requests/${deliveryRequestId}`;
  const channel = await nameInViewersLanguage(
    request.channelId,
    channelName(request.channel.approvedContent, request.channel.providerDeliveryChannelId),
    await getLocale(),
  );
  const summary = {
    amount: format.amount(request.totalMinor, request.unit),
    count: request.deliveryCount,
    channel: withoutDirectionControls(channel),
    provider: withoutDirectionControls(request.channel.provider.name),
    at: format.dateTime(request.createdAt),
  };

  return (
    <>
      <p className="mb-2 text-sm">
        <Link className="text-blue-800 hover:underline" href={`/admin/programs/${programId}`}>
          <span className="inline-block rtl:rotate-180">←</span>{" "}
          <ProviderText>{request.program.name}</ProviderText>
        </Link>
      </p>
      <PageHeader
        help={<HelpLink page="console.deliveryRequest" />}
        title={request.description}
        description={
          request.approvalState === "SENT"
            ? t("summarySent", { ...summary, status: statusText(statuses, request.status) })
            : t("summaryCreated", summary)
        }
      />
      {request.approvalsRequired > 0 && (
        <div className="mb-6">
          <Card title={t("approval")}>
            <PaymentApprovals
              state={request.approvalState}
              approvalsRequired={request.approvalsRequired}
              creator={approvals.creator}
              decisions={approvals.decisions}
              rejectionReason={
                request.reasonsHidden && request.approvalState === "REJECTED"
                  ? t("reasonHidden")
                  : request.rejectionReasonErased
                    ? t("valuesErased")
                    : request.rejectionReason
              }
              buttons={
                approvals.mayDecide &&
                decide(
                  "deliveryRequest",
                  request.id,
                  t("decideDeliveryRequest", { description: request.description }),
                )
              }
            />
          </Card>
        </div>
      )}
      {approvals.refunds.length > 0 && (
        <div className="mb-6">
          <Card title={t("refunds")}>
            <ul className="space-y-4">
              {approvals.refunds.map((refund) => (
                <li key={refund.id} className="space-y-1">
                  <p className="text-sm">
                    {t("refundAsked", {
                      at: format.dateTime(refund.createdAt),
                      reason: approvals.reasonsHidden
                        ? t("reasonHidden")
                        : (refund.reason ?? t("valuesErased")),
                    })}
                  </p>
                  <PaymentApprovals
                    state={refund.state}
                    approvalsRequired={refund.approvalsRequired}
                    creator={refund.requester}
                    decisions={refund.decisions}
                    rejectionReason={refund.rejectionReason}
                    buttons={
                      refund.mayDecide &&
                      decide(
                        "refund",
                        refund.id,
                        t("decideRefund", { at: format.dateTime(refund.createdAt) }),
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          </Card>
        </div>
      )}
      {mayKnowBeneficiaries(user.actor) && (
        <SearchForm
          action={basePath}
          id="beneficiary-search"
          label={t("search")}
          placeholder={t("search")}
          term={q}
        />
      )}
      <ValuesControl
        action={basePath}
        term={q}
        shown={detail.valuesShown}
        purpose={purpose}
        mayReveal={can(user.actor, "beneficiaries.values.read")}
      />
      <PagedTable
        items={deliveries}
        paging={detail}
        basePath={basePath}
        params={{ ...(q ? { q } : {}), ...(detail.valuesShown === "clear" && purpose ? { purpose } : {}) }}
        empty={<EmptyState title={t("noMatch", { q })}>{t("tryAnother")}</EmptyState>}
        caption={t("caption")}
        unit={t("pagerUnit")}
        columns={[
          { label: t("columns.beneficiary") },
          { label: t("columns.amount") },
          { label: t("columns.values") },
          { label: t("columns.status") },
          { label: t("columns.providerId"), hideBelow: "md" },
          { label: t("columns.refund") },
        ]}
        row={(delivery) => (
          <tr key={delivery.id}>
            <td className={cellClass(undefined, "font-mono break-all")}>
              {/* Left to right in every language: a masked id (••••01) must not read reversed. */}
              <bdi dir="ltr">{delivery.beneficiaryId}</bdi>
            </td>
            <td className={cellClass(undefined, "whitespace-nowrap")}>
              <DeliveryAmount delivery={delivery} unit={request.unit} />
            </td>
            <td className={cellClass()}>
              <DeliveryValues values={delivery.values} />
            </td>
            <td className={cellClass()}>
              {delivery.revertedAt ? (
                t("reverted")
              ) : delivery.refundRequestedAt ? (
                t("refundRequested")
              ) : pendingRefunds.has(delivery.id) ? (
                t("refundPending")
              ) : (
                <>
                  <DeliveryStatus status={delivery.status} />
                  {refundOutcome(delivery.id)}
                </>
              )}
              {delivery.refundReason && (
                <span className="block text-xs text-slate-600">
                  {t("reason", { reason: delivery.refundReason })}
                </span>
              )}
            </td>
            <td className={cellClass("md", "font-mono")}>{delivery.providerDeliveryId ?? "—"}</td>
            <td className={cellClass(undefined, "whitespace-nowrap")}>
              {can(user.actor, "refunds.request") &&
                request.approvalState === "SENT" &&
                !delivery.refundRequestedAt &&
                !delivery.revertedAt &&
                !pendingRefunds.has(delivery.id) && (
                  <RefundButton
                    programId={programId}
                    delivery={{
                      id: delivery.id,
                      beneficiaryId: delivery.beneficiaryId,
                      amountShown: format.amount(delivery.amountMinor, request.unit),
                      providerName: request.channel.provider.name,
                    }}
                    approvalsRequired={approvalsRequiredFor(request.program, "refund", delivery.amountMinor)}
                    refund={refundAction}
                  />
                )}
            </td>
          </tr>
        )}
      />
    </>
  );
}
