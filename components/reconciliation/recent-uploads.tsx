/** The recent uploads of providers' statements (issue 32, item 3), each linking to its result. */
import Link from "next/link";
import { useTranslations } from "next-intl";
import { cellClass, DataTable, DateCell } from "@/components/ui/table";
import type { recentUploads } from "@/lib/domain/reconciliation";
import { isolated } from "@/lib/format";
import { useFormat } from "@/lib/i18n/use-format";
import { dayOf, lastDayOf } from "./period-days";

export function RecentUploads({ uploads }: { uploads: Awaited<ReturnType<typeof recentUploads>> }) {
  const t = useTranslations("statement.upload");
  const format = useFormat();
  if (uploads.length === 0) return <p className="text-sm text-slate-600">{t("recentEmpty")}</p>;
  return (
    <DataTable
      caption={t("recentTitle")}
      columns={[
        { label: t("recentColumns.when"), hideBelow: "md" },
        { label: t("recentColumns.provider") },
        { label: t("recentColumns.file") },
        { label: t("recentColumns.period"), hideBelow: "sm" },
        { label: t("recentColumns.lines"), hideBelow: "sm" },
        { label: t("recentColumns.applied"), hideBelow: "md" },
        { label: t("recentColumns.breaks") },
      ]}
    >
      {uploads.map((upload) => (
        <tr key={upload.id}>
          <DateCell date={upload.createdAt} hideBelow="md" />
          <td className={cellClass()}>{upload.providerName}</td>
          <td className={cellClass(undefined, "wrap-anywhere")}>
            <Link className="text-blue-700 underline" href={`/admin/statement/uploads/${upload.id}`}>
              {upload.fileName}
            </Link>
          </td>
          <td className={cellClass("sm", "whitespace-nowrap")}>
            {t("period", {
              from: isolated(dayOf(upload.periodStart)),
              to: isolated(lastDayOf(upload.periodEnd)),
            })}
          </td>
          <td className={cellClass("sm")}>{format.count(upload.lineCount)}</td>
          <td className={cellClass("md")}>{format.count(upload.appliedCount)}</td>
          <td className={cellClass()}>{format.count(upload.breakCount)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
