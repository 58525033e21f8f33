"use client";
/**
 * Deliveries entered row by row: beneficiary, amount, and one column per delivery option of the
 * channel, labelled with the provider's field label; each problem shows at its field.
 */
import { useTranslations } from "next-intl";
import { Button } from "@/components/ui/button";
import { TextInput } from "@/components/ui/field";
import { MoneyInput } from "@/components/ui/money-input";
import type { OptionColumn } from "@/lib/domain/deliveries";

export interface DeliveryRow {
  key: number;
  beneficiaryId: string;
  amount: string;
  options: Record<string, string>;
}
/** Row index → field (beneficiaryId, amount or a fieldName) → message. */
export type RowErrors = Record<number, Record<string, string>>;

export const emptyRow = (key: number): DeliveryRow => ({ key, beneficiaryId: "", amount: "", options: {} });

export function DeliveryRows({
  rows,
  columns,
  errors,
  onChange,
}: {
  rows: DeliveryRow[];
  columns: OptionColumn[];
  errors: RowErrors;
  onChange: (rows: DeliveryRow[]) => void;
}) {
  const t = useTranslations("programs.rows");
  const setRow = (key: number, change: Partial<DeliveryRow>) =>
    onChange(rows.map((row) => (row.key === key ? { ...row, ...change } : row)));
  return (
    <div className="space-y-2">
      {rows.map((row, index) => (
        <fieldset key={row.key} className="grid gap-2 rounded-md border border-slate-200 p-2 sm:grid-cols-4">
          <legend className="px-1 text-xs text-slate-600">{t("delivery", { number: index + 1 })}</legend>
          <TextInput
            label={t("beneficiary")}
            value={row.beneficiaryId}
            error={errors[index]?.beneficiaryId}
            onChange={(e) => setRow(row.key, { beneficiaryId: e.target.value })}
          />
          <MoneyInput
            compact
            label={t("amount")}
            value={row.amount}
            error={errors[index]?.amount}
            onChange={(e) => setRow(row.key, { amount: e.target.value })}
          />
          {columns.map((column) => (
            <TextInput
              key={column.name}
              label={column.required ? column.label : t("optional", { label: column.label })}
              value={row.options[column.name] ?? ""}
              error={errors[index]?.[column.name]}
              onChange={(e) =>
                setRow(row.key, { options: { ...row.options, [column.name]: e.target.value } })
              }
            />
          ))}
          {rows.length > 1 && (
            <Button
              variant="ghost"
              aria-label={t("removeLabel", { number: index + 1 })}
              onClick={() => onChange(rows.filter((r) => r.key !== row.key))}
            >
              {t("remove")}
            </Button>
          )}
        </fieldset>
      ))}
      <Button
        variant="secondary"
        onClick={() => onChange([...rows, emptyRow(Math.max(0, ...rows.map((r) => r.key)) + 1)])}
      >
        {t("add")}
      </Button>
    </div>
  );
}
