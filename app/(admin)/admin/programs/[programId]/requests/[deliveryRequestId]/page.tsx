import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { PaymentApprovals } from "@/components/admin/payment-approvals-card";
import { PaymentDecision } from "@/components/admin/payment-decision";
import { RefundButton } from "@/components/admin/refund-dialog";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { PagedTable } from "@/components/ui/paged-table";
import { SearchForm } from "@/components/ui/search-form";
import { cellClass } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { requestApprovals } from "@/lib/domain/approval-queue";
import { channelName } from "@/lib/domain/channels";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";
import { deliveryRequestDetail } from "@/lib/domain/programs";
import { formatAmount, formatCount, formatDateTime } from "@/lib/format";
import { approvePaymentAction, rejectPaymentAction } from "../../../../approvals/actions";
import { refundAction } from "../../../actions";

export const metadata: Metadata = { title: "Delivery request" };

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
  const detail = await deliveryRequestDetail(user.actor, programId, deliveryRequestId, {
    q,
    ...pageQuery(query),
  });
  if (!detail) notFound();
  const { request, deliveries } = detail;
  const approvals = await requestApprovals(user.actor, request.id);
  const pendingRefunds = new Set(
    approvals.refunds
      .filter((refund) => refund.state === "PENDING_APPROVAL")
      .map((refund) => refund.deliveryId),
  );
  const decide = (kind: "deliveryRequest" | "refund", id: string, label: string) => (
    <PaymentDecision
      kind={kind}
      id={id}
      label={label}
      approve={approvePaymentAction}
      reject={rejectPaymentAction}
    />
  );
  const basePath = `/admin/programs/${programId}/requests/${deliveryRequestId}`;
  const channel = channelName(request.channel.approvedContent, request.channel.providerDeliveryChannelId);

  return (
    <>
      <p className="mb-2 text-sm">
        <Link className="text-blue-800 hover:underline" href={`/admin/programs/${programId}`}>
          ← {request.program.name}
        </Link>
      </p>
      <PageHeader
        title={request.description}
        description={`${formatAmount(request.totalMinor, request.unit)} in ${formatCount(request.deliveryCount)} deliveries to ${channel} (${request.channel.provider.name}), ${request.approvalState === "SENT" ? "sent" : "created"} ${formatDateTime(request.createdAt)}; ${request.approvalState === "SENT" ? request.status : "not sent to the provider"}`}
      />
      {request.approvalsRequired > 0 && (
        <div className="mb-6">
          <Card title="Approval">
            <PaymentApprovals
              state={request.approvalState}
              approvalsRequired={request.approvalsRequired}
              creator={approvals.creator}
              decisions={approvals.decisions}
              rejectionReason={request.rejectionReason}
              buttons={
                approvals.mayDecide &&
                decide("deliveryRequest", request.id, `the delivery request ${request.description}`)
              }
            />
          </Card>
        </div>
      )}
      {approvals.refunds.length > 0 && (
        <div className="mb-6">
          <Card title="Refunds under the approval policy">
            <ul className="space-y-4">
              {approvals.refunds.map((refund) => (
                <li key={refund.id} className="space-y-1">
                  <p className="text-sm">
                    Refund asked for at {formatDateTime(refund.createdAt)}: {refund.reason}
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
                        `the refund asked for at ${formatDateTime(refund.createdAt)}`,
                      )
                    }
                  />
                </li>
              ))}
            </ul>
          </Card>
        </div>
      )}
      <SearchForm
        action={basePath}
        id="beneficiary-search"
        label="Search by beneficiary id"
        placeholder="Search by beneficiary id"
        term={q}
      />
      <PagedTable
        items={deliveries}
        paging={detail}
        basePath={basePath}
        params={q ? { q } : {}}
        empty={<EmptyState title={`No beneficiary id matches "${q}"`}>Try another search.</EmptyState>}
        caption="Deliveries"
        unit="deliveries"
        columns={[
          { label: "Beneficiary" },
          { label: "Amount" },
          { label: "Status" },
          { label: "Provider's id", hideBelow: "md" },
          { label: "Refund" },
        ]}
        row={(delivery) => (
          <tr key={delivery.id}>
            <td className={cellClass(undefined, "font-mono break-all")}>{delivery.beneficiaryId}</td>
            <td className={cellClass(undefined, "whitespace-nowrap")}>
              {formatAmount(delivery.amountMinor, request.unit)}
            </td>
            <td className={cellClass()}>
              {delivery.revertedAt
                ? "reverted"
                : delivery.refundRequestedAt
                  ? "refund requested"
                  : pendingRefunds.has(delivery.id)
                    ? "refund awaits approval"
                    : delivery.status}
              {delivery.refundReason && (
                <span className="block text-xs text-slate-600">Reason: {delivery.refundReason}</span>
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
                      amount: formatAmount(delivery.amountMinor, request.unit),
                      providerName: request.channel.provider.name,
                    }}
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
