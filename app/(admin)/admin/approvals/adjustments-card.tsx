import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { ltrCode } from "@/components/ui/ltr-code";
import { Card } from "@/components/ui/page";
import type { adjustmentsAwaitingMyApproval } from "@/lib/domain/reconciliation";
import { isolated, withoutDirectionControls } from "@/lib/format";
import { getFormat } from "@/lib/i18n/get-format";

type Adjustment = Awaited<ReturnType<typeof adjustmentsAwaitingMyApproval>>[number];
type Person = { name: string; email: string };

/**
 * The adjustments awaiting the approver (issue 32, item 5). Each is decided on its break's page, where
 * the file's line stands beside our records: what an approver must read before moving the money.
 */
export async function AdjustmentsCard({
  adjustments,
  who,
  approvedSoFar,
}: {
  adjustments: Adjustment[];
  who: (person: Person) => string;
  approvedSoFar: (approvedBy: Person[], required: number) => string;
}) {
  const t = await getTranslations("review.approvals");
  const kinds = await getTranslations("statement.break.kinds");
  const format = await getFormat();
  return (
    <Card title={t("adjustments")}>
      {adjustments.length === 0 ? (
        <p className="text-sm text-slate-600">{t("nothing")}</p>
      ) : (
        <ul className="space-y-4">
          {adjustments.map((adjustment) => {
            const common = {
              who: who(adjustment.proposer),
              date: format.dateTime(adjustment.createdAt),
              approvals: approvedSoFar(adjustment.approvedBy, adjustment.approvalsRequired),
            };
            return (
              <li key={adjustment.id} className="space-y-1 text-sm">
                <div className="flex flex-wrap gap-3">
                  <span className="font-medium">
                    {t.rich("adjustmentOf", {
                      kind: kinds(adjustment.kind as "WRITE_OFF"),
                      // The provider's name and a file's reference are others' text: no control
                      // character of theirs may reorder the sentence (components/ui/provider-text.tsx).
                      what: withoutDirectionControls(adjustment.what),
                      provider: isolated(adjustment.providerName),
                      id: ltrCode,
                    })}
                  </span>
                  <span>{format.amount(adjustment.amountMinor, adjustment.unit)}</span>
                </div>
                <p className="text-slate-600">
                  {adjustment.reason === undefined
                    ? t("adjustmentProposedWithheld", common)
                    : t("adjustmentProposed", { ...common, reason: adjustment.reason ?? t("reasonErased") })}
                </p>
                <Link
                  className="font-medium text-blue-800 hover:underline"
                  href={`/admin/statement/breaks/${adjustment.breakId}`}
                >
                  {t("decideOnBreak")}
                </Link>
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
