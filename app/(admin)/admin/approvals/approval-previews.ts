/**
 * What approving each payment does, in the reader's words and formats, for the confirmation of
 * PaymentDecision: the queue and a delivery request's page show the same sentence.
 */
import { getTranslations } from "next-intl/server";
import type { ApprovalPreview } from "@/components/admin/payment-decision";
import type { ApprovalConsequence } from "@/lib/domain/payments";
import { withoutDirectionControls } from "@/lib/format";
import { getFormat } from "@/lib/i18n/get-format";

export async function approvalPreviews(
  consequences: Map<string, ApprovalConsequence>,
): Promise<Map<string, ApprovalPreview>> {
  const format = await getFormat();
  const t = await getTranslations("programs.detail");
  return new Map(
    [...consequences].map(([id, consequence]) => {
      const channel = withoutDirectionControls(consequence.channel);
      return [
        id,
        {
          final: consequence.final,
          approvals: consequence.approvals,
          approvalsRequired: consequence.approvalsRequired,
          amount: format.amount(consequence.amountMinor, consequence.unit),
          channel,
          provider: withoutDirectionControls(consequence.provider),
          budgets: consequence.budgets.map((budget) => ({
            label: budget.kind === "channel" ? t("channelBudgetOf", { channel }) : t("virtualBudget"),
            remaining: format.amount(budget.remainingMinor, consequence.unit),
          })),
        },
      ];
    }),
  );
}
