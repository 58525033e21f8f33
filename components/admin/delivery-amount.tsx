/**
 * A delivery's amount on its request's page, and under it what the provider delivered when it
 * delivered only part (issue 32: the rest went back to the budgets when reported).
 */
import { useTranslations } from "next-intl";
import { useFormat } from "@/lib/i18n/use-format";

export function DeliveryAmount({
  delivery: { amountMinor, deliveredAmountMinor },
  unit,
}: {
  delivery: { amountMinor: bigint; deliveredAmountMinor: bigint | null };
  unit: string;
}) {
  const t = useTranslations("programs.request");
  const format = useFormat();
  return (
    <>
      {format.amount(amountMinor, unit)}
      {deliveredAmountMinor !== null && deliveredAmountMinor < amountMinor && (
        <span className="block text-xs text-slate-600">
          {t("deliveredPart", { amount: format.amount(deliveredAmountMinor, unit) })}
        </span>
      )}
    </>
  );
}
