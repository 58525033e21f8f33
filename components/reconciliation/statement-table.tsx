/**
 * A reconciliation statement (lib/domain/reconciliation), one table per unit: each line with what it
 * counts and its amount, and the undelivered part of partial deliveries. The console shows the
 * budget's side too; the portal does not (a provider never learns of a request held for approval).
 */
import { useTranslations } from "next-intl";
import { cellClass, DataTable } from "@/components/ui/table";
import { type StatementLine, statementRows, type UnitStatement } from "@/lib/domain/reconciliation";
import { useFormat } from "@/lib/i18n/use-format";

/** Lines that leave or close the pending amount: set apart so the roll-forward reads down the table. */
const TOTALS: ReadonlySet<StatementLine> = new Set(["openingPending", "closingPending"]);

export function StatementTables({ units, withBudget }: { units: UnitStatement[]; withBudget: boolean }) {
  const t = useTranslations("statement");
  const format = useFormat();
  if (units.length === 0) return <p className="text-sm text-slate-600">{t("empty")}</p>;
  const rows = statementRows(units, withBudget);
  return (
    <div className="space-y-6">
      {units.map(({ unit }) => (
        <DataTable
          key={unit}
          caption={t("caption", { unit })}
          columns={[
            { label: t("columns.line") },
            { label: t("columns.count") },
            { label: t("columns.amount") },
            { label: t("columns.undelivered"), hideBelow: "sm" },
          ]}
        >
          {rows
            .filter((row) => row.unit === unit)
            .map((row) => (
              <tr key={row.line} className={TOTALS.has(row.line) ? "bg-slate-50 font-medium" : undefined}>
                <th scope="row" className={cellClass(undefined, "text-start font-normal")}>
                  {t(`lines.${row.line}`)}
                </th>
                <td className={cellClass()}>{format.count(row.count)}</td>
                <td className={cellClass(undefined, "whitespace-nowrap")}>
                  {format.amount(row.amountMinor, unit)}
                </td>
                <td className={cellClass("sm", "whitespace-nowrap")}>
                  {row.undeliveredMinor === null ? "" : format.amount(row.undeliveredMinor, unit)}
                </td>
              </tr>
            ))}
        </DataTable>
      ))}
    </div>
  );
}
