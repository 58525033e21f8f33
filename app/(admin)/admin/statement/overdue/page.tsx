import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { PageHeader } from "@/components/ui/page";
import { ProviderText } from "@/components/ui/provider-text";
import { cellClass, DataTable } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { overdueRequests } from "@/lib/domain/reconciliation";
import { getFormat } from "@/lib/i18n/get-format";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("statement.overdue");
  return { title: t("title") };
}

/** Delivery requests past their program's reconciliation window with deliveries still pending (issue 32, item 4). */
export default async function OverduePage() {
  const user = await requirePlatformUser();
  const t = await getTranslations("statement.overdue");
  const format = await getFormat();
  const rows = await overdueRequests(user.actor);
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.overdue" />}
        title={t("title")}
        description={t("description")}
      />
      {rows.length === 0 ? (
        <div className="space-y-2 text-sm text-slate-600">
          <p>{t("empty")}</p>
          <p>{t("noWindow")}</p>
        </div>
      ) : (
        <DataTable
          caption={t("caption")}
          columns={[
            { label: t("columns.request") },
            { label: t("columns.program"), hideBelow: "md" },
            { label: t("columns.provider"), hideBelow: "sm" },
            { label: t("columns.sent"), hideBelow: "md" },
            { label: t("columns.due") },
            { label: t("columns.pending") },
            { label: t("columns.amount"), hideBelow: "sm" },
            { label: t("columns.told"), hideBelow: "md" },
          ]}
        >
          {rows.map((row) => (
            <tr key={row.id}>
              <td className={cellClass(undefined, "wrap-anywhere")}>
                <Link
                  className="text-blue-700 underline"
                  href={`/admin/programs/${row.programId}/requests/${row.id}`}
                >
                  {row.description}
                </Link>
              </td>
              <td className={cellClass("md")}>{row.programName}</td>
              <td className={cellClass("sm")}>
                <ProviderText>{row.providerName}</ProviderText>
              </td>
              <td className={cellClass("md", "whitespace-nowrap")}>{format.dateTime(row.sentAt)}</td>
              <td className={cellClass(undefined, "whitespace-nowrap")}>{format.dateTime(row.dueAt)}</td>
              <td className={cellClass()}>{format.count(row.pendingCount)}</td>
              <td className={cellClass("sm", "whitespace-nowrap")}>
                {format.amount(row.pendingMinor, row.unit)}
              </td>
              <td className={cellClass("md", "text-slate-600")}>
                {row.toldAt ? t("toldAt", { at: format.dateTime(row.toldAt) }) : t("notYet")}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </>
  );
}
