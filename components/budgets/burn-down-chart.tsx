"use client";
/** The remaining budget after each movement (Recharts), its numbers and dates in the reader's language. */
import { useTranslations } from "next-intl";
import { Area, AreaChart, CartesianGrid, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { isolated } from "@/lib/format";
import { useFormat } from "@/lib/i18n/use-format";

export function BurnDownChart({
  points,
  unit,
}: {
  /** `at`: an ISO date, or null for the budget's start; `remaining`: in major units. */
  points: Array<{ at: string | null; remaining: number }>;
  unit: string;
}) {
  const t = useTranslations("budgets.chart");
  const format = useFormat();
  const data = points.map(({ at, remaining }) => ({
    // Isolated: in the chart's left-to-right drawing an Arabic date would otherwise reorder its parts.
    at: isolated(at === null ? t("start") : format.dateTime(new Date(at))),
    remaining,
  }));
  // Back to hundredths, so that the tooltip writes an amount like every other on the page.
  const amount = (value: number) => format.amount(BigInt(Math.round(value * 100)), unit);
  return (
    <figure>
      <figcaption className="mb-1 text-xs text-slate-600">{t("caption", { unit })}</figcaption>
      {/* A chart is drawn left to right whatever the page's direction: Recharts anchors its axis
          labels for left to right, and on a right-to-left page they were drawn over the axis. */}
      <div className="h-48 w-full" dir="ltr">
        <ResponsiveContainer width="100%" height="100%">
          <AreaChart data={data} margin={{ top: 5, right: 10, bottom: 5, left: 10 }}>
            <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
            <XAxis dataKey="at" tick={{ fontSize: 10 }} minTickGap={30} />
            <YAxis
              tick={{ fontSize: 10 }}
              width={60}
              tickFormatter={(value: number) => format.count(value)}
            />
            <Tooltip formatter={(value) => [amount(Number(value)), t("remaining")]} />
            <Area
              type="stepAfter"
              dataKey="remaining"
              stroke="#1d4ed8"
              fill="#bfdbfe"
              isAnimationActive={false}
            />
          </AreaChart>
        </ResponsiveContainer>
      </div>
    </figure>
  );
}
