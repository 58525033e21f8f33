import type { Metadata } from "next";
import Link from "next/link";
import { PaymentDecision } from "@/components/admin/payment-decision";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { awaitingMyApproval } from "@/lib/domain/approval-queue";
import { can } from "@/lib/domain/permissions";
import { formatAmount, formatDateTime } from "@/lib/format";
import { approvePaymentAction, rejectPaymentAction } from "./actions";

export const metadata: Metadata = { title: "Awaiting my approval" };

type Person = { name: string; email: string };
const who = (person: Person) => (person.email ? `${person.name} (${person.email})` : person.name);
const approvedSoFar = (approvedBy: Person[], required: number) =>
  `${approvedBy.length} of ${required} approvals${approvedBy.length ? `: ${approvedBy.map(who).join(", ")}` : ""}`;

/** The payments the signed-in finance approver may still approve, oldest first. */
export default async function ApprovalsPage() {
  const user = await requirePlatformUser();
  if (!can(user.actor, "payments.approve"))
    return (
      <>
        <PageHeader title="Awaiting my approval" />
        <EmptyState title="Only finance approvers approve payments" />
      </>
    );
  const { requests, refunds } = await awaitingMyApproval(user.actor);
  return (
    <>
      <PageHeader
        title="Awaiting my approval"
        description="Delivery requests and refunds above their program's threshold, oldest first. You cannot approve your own, nor twice."
      />
      <div className="space-y-6">
        <Card title="Delivery requests">
          {requests.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing awaits your approval.</p>
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
                    <span>{formatAmount(request.totalMinor, request.unit)}</span>
                    <span className="text-slate-600">{request.program.name}</span>
                  </div>
                  <p className="text-slate-600">
                    Created by {who(request.creator)} at {formatDateTime(request.createdAt)};{" "}
                    {approvedSoFar(request.approvedBy, request.approvalsRequired)}
                  </p>
                  <PaymentDecision
                    kind="deliveryRequest"
                    id={request.id}
                    label={`the delivery request ${request.description}`}
                    approve={approvePaymentAction}
                    reject={rejectPaymentAction}
                  />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card title="Refunds">
          {refunds.length === 0 ? (
            <p className="text-sm text-slate-600">Nothing awaits your approval.</p>
          ) : (
            <ul className="space-y-4">
              {refunds.map((refund) => (
                <li key={refund.id} className="space-y-1 text-sm">
                  <div className="flex flex-wrap gap-3">
                    <Link
                      className="font-medium text-blue-800 hover:underline"
                      href={`/admin/programs/${refund.program.id}/requests/${refund.deliveryRequestId}`}
                    >
                      Refund to <span className="font-mono">{refund.beneficiaryId}</span>
                    </Link>
                    <span>{formatAmount(refund.amountMinor, refund.unit)}</span>
                    <span className="text-slate-600">{refund.program.name}</span>
                  </div>
                  <p className="text-slate-600">
                    Asked for by {who(refund.creator)} at {formatDateTime(refund.createdAt)}: {refund.reason};{" "}
                    {approvedSoFar(refund.approvedBy, refund.approvalsRequired)}
                  </p>
                  <PaymentDecision
                    kind="refund"
                    id={refund.id}
                    label={`the refund to ${refund.beneficiaryId}`}
                    approve={approvePaymentAction}
                    reject={rejectPaymentAction}
                  />
                </li>
              ))}
            </ul>
          )}
        </Card>
      </div>
    </>
  );
}
