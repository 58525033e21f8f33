import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { DeliveryStatus } from "@/components/admin/delivery-status";
import { HelpLink } from "@/components/help-link";
import { AdjustmentDecision, ProposeAdjustmentForm } from "@/components/reconciliation/break-settlement";
import { buttonClass } from "@/components/ui/button";
import { Badge, Card, PageHeader } from "@/components/ui/page";
import { ProviderText } from "@/components/ui/provider-text";
import { requirePlatformUser } from "@/lib/auth/session";
import type { AdjustmentKind } from "@/lib/contract/reconciliation/break-adjustment-schema";
import type { BreakKind } from "@/lib/contract/reconciliation/statement-upload-schema";
import { DomainError } from "@/lib/domain/errors";
import { can } from "@/lib/domain/permissions";
import { breakPage } from "@/lib/domain/reconciliation";
import { isolated } from "@/lib/format";
import { getFormat } from "@/lib/i18n/get-format";
import { approveAdjustmentAction, proposeAdjustmentAction, rejectAdjustmentAction } from "../break-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("statement.break");
  return { title: t("title") };
}

async function breakOr404(actor: Parameters<typeof breakPage>[0], breakId: string) {
  try {
    return await breakPage(actor, breakId);
  } catch (error) {
    if (error instanceof DomainError && error.kind === "not_found") notFound();
    throw error;
  }
}

/** One break of a provider's statement and its settlement (issue 32, item 5). */
export default async function StatementBreakPage({ params }: { params: Promise<{ breakId: string }> }) {
  const user = await requirePlatformUser();
  const t = await getTranslations("statement.break");
  const kinds = await getTranslations("statement.upload.classes");
  const format = await getFormat();
  const brk = await breakOr404(user.actor, (await params).breakId);
  const side = (minor: bigint | null, unit: string | null, status: string | null) =>
    [minor !== null && unit ? format.amount(minor, unit) : null, status].filter(Boolean).join(" · ");
  const { delivery } = brk;
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.statementBreak" />}
        title={t("title")}
        description={t("description", {
          kind: kinds(brk.kind as BreakKind),
          provider: isolated(brk.providerName),
        })}
        actions={
          <Link className={buttonClass("secondary")} href={`/admin/statement/uploads/${brk.uploadId}`}>
            {t("backToUpload")}
          </Link>
        }
      />
      <p className="mb-4 text-sm font-medium">
        {brk.settledAt ? t("settled", { when: format.dateTime(brk.settledAt) }) : t("open")}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <Card title={t("fileSide")}>
          <dl className="space-y-1 text-sm">
            <div>
              {t("line")}: {brk.line ?? "—"}
            </div>
            <div>
              {t("reference")}: <ProviderText>{brk.reference ?? "—"}</ProviderText>
            </div>
            <div>
              <ProviderText>{side(brk.fileAmountMinor, brk.fileUnit, brk.fileStatus) || "—"}</ProviderText>
            </div>
          </dl>
        </Card>
        <Card title={t("ourSide")}>
          <dl className="space-y-1 text-sm">
            <div className="font-mono text-xs wrap-anywhere">
              {t("delivery")}: {delivery?.id ?? brk.deliveryId ?? "—"}
            </div>
            <div>
              {delivery ? (
                <>
                  {side(delivery.deliveredAmountMinor ?? delivery.amountMinor, delivery.unit, null)}
                  {" · "}
                  <DeliveryStatus status={delivery.status} />
                </>
              ) : (
                t("noDelivery")
              )}
            </div>
          </dl>
        </Card>
      </div>
      <h2 className="mt-8 mb-2 text-lg font-semibold text-slate-900">{t("adjustmentsTitle")}</h2>
      {brk.adjustments.length === 0 && <p className="text-sm text-slate-600">{t("noAdjustments")}</p>}
      <ul className="space-y-3">
        {brk.adjustments.map((adjustment) => {
          const approvals = adjustment.decisions.filter((d) => d.decision === "APPROVED").length;
          return (
            <li key={adjustment.id} className="rounded-md border border-slate-200 p-3 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-medium">
                {t(`kinds.${adjustment.kind as AdjustmentKind}`)} ·{" "}
                {format.amount(adjustment.amountMinor, adjustment.unit)}
                <Badge
                  tone={
                    adjustment.state === "APPLIED"
                      ? "green"
                      : adjustment.state === "REJECTED"
                        ? "red"
                        : "amber"
                  }
                >
                  {t(`states.${adjustment.state as "APPLIED"}`, {
                    approvals,
                    required: adjustment.approvalsRequired,
                  })}
                </Badge>
              </p>
              <p className="mt-1">
                {adjustment.reason === null
                  ? t("proposedByReasonWithheld", {
                      user: isolated(adjustment.proposedBy),
                      when: isolated(format.dateTime(adjustment.createdAt)),
                    })
                  : t("proposedBy", {
                      user: isolated(adjustment.proposedBy),
                      when: isolated(format.dateTime(adjustment.createdAt)),
                      reason: adjustment.reason,
                    })}
              </p>
              <ul className="mt-1 text-slate-700">
                {adjustment.decisions.map((decision) => (
                  <li key={`${decision.by}-${decision.at.toISOString()}`}>
                    {t(decision.decision === "APPROVED" ? "approvedBy" : "rejectedBy", {
                      user: isolated(decision.by),
                      when: isolated(format.dateTime(decision.at)),
                    })}
                  </li>
                ))}
              </ul>
              {adjustment.rejectionReason && (
                <p className="mt-1">{t("rejectionReason", { reason: adjustment.rejectionReason })}</p>
              )}
              {brk.decidable === adjustment.id && (
                <div className="mt-3">
                  <AdjustmentDecision
                    adjustmentId={adjustment.id}
                    kind={adjustment.kind as AdjustmentKind}
                    approvals={approvals}
                    approvalsRequired={adjustment.approvalsRequired}
                    approve={approveAdjustmentAction}
                    reject={rejectAdjustmentAction}
                  />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      {brk.proposable.length > 0 && (
        <section className="mt-8">
          <h2 className="mb-2 text-lg font-semibold text-slate-900">{t("proposeTitle")}</h2>
          <ProposeAdjustmentForm breakId={brk.id} kinds={brk.proposable} propose={proposeAdjustmentAction} />
        </section>
      )}
      {!brk.settledAt && !can(user.actor, "reconciliation.settle") && (
        <p className="mt-6 text-sm text-slate-600">{t("financeOnly")}</p>
      )}
    </>
  );
}
