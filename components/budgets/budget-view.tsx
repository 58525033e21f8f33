/**
 * A budget's figures — limit, reserved, delivered, remaining — as a bar and numbers, with its
 * burn-down over time. Shared by the admin console and the provider portal.
 */
import { useTranslations } from "next-intl";
import type { budgetOverview } from "@/lib/domain/budgets";
import { fromMinor } from "@/lib/domain/money";
import { useFormat } from "@/lib/i18n/use-format";
import { BurnDownChart } from "./burn-down-chart";

type Overview = NonNullable<Awaited<ReturnType<typeof budgetOverview>>>;

export function BudgetView({ budget, label }: { budget: Overview; label: string }) {
  const t = useTranslations("budgets");
  const format = useFormat();
  const limit = Number(budget.limitMinor) || 1;
  const reservedShare = Math.min(100, (Number(budget.reservedMinor) / limit) * 100);
  const deliveredShare = Math.min(100, (Number(budget.deliveredMinor) / limit) * 100);
  // The chart writes the dates in the reader's language; null is the budget's start.
  const points = [
    { at: null, remaining: fromMinor(budget.limitMinor) },
    ...budget.burnDown.map((point) => ({
      at: point.at.toISOString(),
      remaining: fromMinor(budget.limitMinor - point.reservedAfterMinor),
    })),
  ];
  return (
    <section aria-label={label} className="space-y-3">
      <meter
        className="sr-only"
        aria-label={t("shareReserved", { label })}
        min={0}
        max={100}
        value={Math.round(reservedShare)}
      />
      <div aria-hidden="true" className="relative h-4 overflow-hidden rounded-full bg-slate-200">
        <div className="absolute inset-y-0 start-0 bg-amber-400" style={{ width: `${reservedShare}%` }} />
        <div className="absolute inset-y-0 start-0 bg-green-600" style={{ width: `${deliveredShare}%` }} />
      </div>
      {/* As many figures a row as fit the card (issue 30, finding 10: four columns in the channel page's
          narrow card overlapped its Arabic amounts and clipped "Remaining"). */}
      <dl className="grid grid-cols-[repeat(auto-fit,minmax(9rem,1fr))] gap-2 text-sm">
        {(
          [
            ["budget", budget.limitMinor],
            ["reserved", budget.reservedMinor],
            ["delivered", budget.deliveredMinor],
            ["remaining", budget.remainingMinor],
          ] as const
        ).map(([name, minor]) => (
          <div key={name}>
            <dt className="text-slate-600">{t(`figures.${name}`)}</dt>
            <dd data-testid={`budget-${name}`} className="font-medium break-words">
              {format.amount(minor, budget.unit)}
            </dd>
          </div>
        ))}
      </dl>
      {points.length > 1 && <BurnDownChart points={points} unit={budget.unit} />}
    </section>
  );
}
