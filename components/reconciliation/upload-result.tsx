/**
 * An upload's result (issue 32, item 3): the counts and sums of each class per unit, then its breaks
 * — what the file says beside what our records say.
 */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { DeliveryStatus } from "@/components/admin/delivery-status";
import { ProviderText } from "@/components/ui/provider-text";
import { cellClass, DataTable } from "@/components/ui/table";
import { BREAK_KINDS } from "@/lib/contract/reconciliation/statement-upload-schema";
import type { BreakRow, UploadClass, UploadSummary } from "@/lib/domain/reconciliation";
import { useFormat } from "@/lib/i18n/use-format";

const CLASSES: readonly UploadClass[] = ["MATCHED", ...BREAK_KINDS];

export function UploadSummaryTable({ summary }: { summary: UploadSummary }) {
  const t = useTranslations("statement.upload");
  const format = useFormat();
  const rows = CLASSES.flatMap((kind) =>
    Object.entries(summary[kind] ?? {}).map(([unit, figure]) => ({ kind, unit, ...figure })),
  );
  return (
    <DataTable
      caption={t("summaryCaption")}
      columns={[
        { label: t("summaryColumns.class") },
        { label: t("summaryColumns.unit") },
        { label: t("summaryColumns.count") },
        { label: t("summaryColumns.amount") },
      ]}
    >
      {rows.map((row) => (
        <tr key={`${row.kind}-${row.unit}`} className={row.kind === "MATCHED" ? undefined : "bg-amber-50"}>
          <th scope="row" className={cellClass(undefined, "text-start font-normal")}>
            {t(`classes.${row.kind}`)}
          </th>
          <td className={cellClass()}>
            <ProviderText>{row.unit}</ProviderText>
          </td>
          <td className={cellClass()}>{format.count(row.count)}</td>
          <td className={cellClass(undefined, "whitespace-nowrap")}>
            {format.amount(BigInt(row.amountMinor), row.unit)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

export function BreakTable({
  breaks,
}: {
  breaks: Array<
    Omit<BreakRow, "kind" | "fileOutcome"> & {
      id: string;
      kind: string;
      settledAt: Date | null;
      adjustments: unknown[];
    }
  >;
}) {
  const t = useTranslations("statement.upload");
  const settlement = useTranslations("statement.break");
  const format = useFormat();
  const side = (amountMinor: bigint | null, unit: string | null, status: string | null) =>
    amountMinor === null || unit === null
      ? t("missingLine")
      : [format.amount(amountMinor, unit), status].filter(Boolean).join(" · ");
  return (
    <DataTable
      caption={t("breaksTitle")}
      columns={[
        { label: t("breakColumns.line") },
        { label: t("breakColumns.break") },
        { label: t("breakColumns.delivery"), hideBelow: "md" },
        { label: t("breakColumns.reference"), hideBelow: "md" },
        { label: t("breakColumns.file") },
        { label: t("breakColumns.ours") },
        { label: settlement("column") },
      ]}
    >
      {breaks.map((row) => (
        <tr key={row.id}>
          <td className={cellClass()}>{row.line ?? t("missingLine")}</td>
          <td className={cellClass(undefined, "font-medium")}>{t(`classes.${row.kind as UploadClass}`)}</td>
          <td className={cellClass("md", "font-mono text-xs wrap-anywhere")}>
            <ProviderText>{row.deliveryId ?? ""}</ProviderText>
          </td>
          <td className={cellClass("md", "wrap-anywhere")}>
            <ProviderText>{row.reference ?? ""}</ProviderText>
          </td>
          <td className={cellClass(undefined, "wrap-anywhere")}>
            <ProviderText>{side(row.fileAmountMinor, row.fileUnit, row.fileStatus)}</ProviderText>
          </td>
          <td className={cellClass(undefined, "wrap-anywhere")}>
            {side(row.ourAmountMinor, row.ourUnit, null)}
            {row.ourAmountMinor !== null && row.ourStatus && (
              <>
                {" · "}
                <DeliveryStatus status={row.ourStatus} />
              </>
            )}
          </td>
          <td className={cellClass()}>
            <Link className="text-blue-700 underline" href={`/admin/statement/breaks/${row.id}`}>
              {settlement(
                row.settledAt
                  ? "short.settled"
                  : row.adjustments.length > 0
                    ? "short.awaiting"
                    : "short.open",
              )}
            </Link>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
