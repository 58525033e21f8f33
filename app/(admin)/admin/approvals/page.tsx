import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PaymentDecision } from "@/components/admin/payment-decision";
import { HelpLink } from "@/components/help-link";
import { ltrCode } from "@/components/ui/ltr-code";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { awaitingMyApproval, deliveryRequestConsequences, refundConsequences } from "@/lib/domain/payments";
import { can } from "@/lib/domain/permissions";
import { adjustmentsAwaitingMyApproval } from "@/lib/domain/reconciliation";
import { getFormat } from "@/lib/i18n/get-format";
import { AdjustmentsCard } from "./adjustments-card";
import { approvalPreviews } from "./approval-previews";
import { approvePaymentAction, rejectPaymentAction } from "./payment-decision-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.approvals");
  return { title: t("title") };
}

type Person = { name: string; email: string };
const who = (person: Person) => (person.email ? `${person.name} (${person.email})` : person.name);

/** The payments and adjustments the signed-in finance approver may still approve, oldest first. */
export default async function ApprovalsPage() {
  const user = await requirePlatformUser();
  const t = await getTranslations("review.approvals");
  if (!can(user.actor, "payments.approve"))
    return (
      <>
        <PageHeader help={<HelpLink page="console.approvals" />} title={t("title")} />
        <EmptyState title={t("notApprover")} />
      </>
    );
  const [{ requests, refunds }, adjustments] = await Promise.all([
    awaitingMyApproval(user.actor),
    adjustmentsAwaitingMyApproval(user.actor),
  ]);
  const [requestPreviews, refundPreviews] = await Promise.all([
    deliveryRequestConsequences(
      user.actor,
      requests.map((request) => request.id),
    ).then(approvalPreviews),
    refundConsequences(
      user.actor,
      refunds.map((refund) => refund.id),
    ).then(approvalPreviews),
  ]);
  const format = await getFormat();
  const approvedSoFar = (approvedBy: Person[], required: number) =>
    approvedBy.length
      ? t("approvedSoFarBy", { approved: approvedBy.length, required, names: approvedBy.map(who).join(", ") })
      : t("approvedSoFar", { approved: 0, required });
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.approvals" />}
        title={t("title")}
        description={t("description")}
      />
      <div className="space-y-6">
        <Card title={t("deliveryRequests")}>
          {requests.length === 0 ? (
            <p className="text-sm text-slate-600">{t("nothing")}</p>
          ) : (
            <ul className="space-y-4">
              {requests.map((request) => (
                <li key={request.id} className="space-y-1 text-sm">
                  <div className="flex flex-wrap gap-3">
                    <Link
                      className="font-medium text-blue-800 hover:underline"
                      href={`/admin/programs/${request.program.id}/requests/${request.id}`}
                    >
                      {request.description}
                    </Link>
                    <span>{format.amount(request.totalMinor, request.unit)}</span>
                    <span className="text-slate-600">{request.program.name}</span>
                  </div>
                  <p className="text-slate-600">
                    {t("requestCreated", {
                      who: who(request.creator),
                      date: format.dateTime(request.createdAt),
                      approvals: approvedSoFar(request.approvedBy, request.approvalsRequired),
                    })}
                  </p>
                  <PaymentDecision
                    kind="deliveryRequest"
                    id={request.id}
                    preview={requestPreviews.get(request.id)!}
                    label={t("requestLabel", { description: request.description })}
                    approve={approvePaymentAction}
                    reject={rejectPaymentAction}
                  />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title={t("refunds")}>
          {refunds.length === 0 ? (
            <p className="text-sm text-slate-600">{t("nothing")}</p>
          ) : (
            <ul className="space-y-4">
              {refunds.map((refund) => (
                <li key={refund.id} className="space-y-1 text-sm">
                  <div className="flex flex-wrap gap-3">
                    <Link
                      className="font-medium text-blue-800 hover:underline"
                      href={`/admin/programs/${refund.program.id}/requests/${refund.deliveryRequestId}`}
                    >
                      {t.rich("refundTo", {
                        beneficiaryId: refund.beneficiaryId,
                        id: ltrCode,
                      })}
                    </Link>
                    <span>{format.amount(refund.amountMinor, refund.unit)}</span>
                    <span className="text-slate-600">{refund.program.name}</span>
                  </div>
                  <p className="text-slate-600">
                    {t("refundAsked", {
                      who: who(refund.creator),
                      date: format.dateTime(refund.createdAt),
                      reason: refund.reason ?? t("reasonErased"),
                      approvals: approvedSoFar(refund.approvedBy, refund.approvalsRequired),
                    })}
                  </p>
                  <PaymentDecision
                    kind="refund"
                    id={refund.id}
                    preview={refundPreviews.get(refund.id)!}
                    label={t("refundLabel", { beneficiaryId: refund.beneficiaryId })}
                    approve={approvePaymentAction}
                    reject={rejectPaymentAction}
                  />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <AdjustmentsCard adjustments={adjustments} who={who} approvedSoFar={approvedSoFar} />
      </div>
    </>
  );
}
