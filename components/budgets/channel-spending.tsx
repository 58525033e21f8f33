/**
 * A program's spending per channel: requests, sent, reserved, delivered and reverted amounts, and what
 * partial deliveries left undelivered (given back to the budgets).
 */

import { useTranslations } from "next-intl";
import { ProviderText } from "@/components/ui/provider-text";
import { cellClass, DataTable } from "@/components/ui/table";
import type { programSpending } from "@/lib/domain/programs";
import { useFormat } from "@/lib/i18n/use-format";

type Row = Awaited<ReturnType<typeof programSpending>>[number];

export function ChannelSpending({ rows, unit }: { rows: Row[]; unit: string }) {
  const t = useTranslations("budgets.spending");
  const format = useFormat();
  if (rows.length === 0) return <p className="text-sm text-slate-600">{t("none")}</p>;
  return (
    <DataTable
      caption={t("caption")}
      columns={[
        { label: t("channel") },
        { label: t("requests"), hideBelow: "sm" },
        { label: t("sent") },
        { label: t("reserved") },
        { label: t("delivered"), hideBelow: "md" },
        { label: t("reverted"), hideBelow: "md" },
        { label: t("undelivered"), hideBelow: "md" },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.channelId}>
          <td className={cellClass()}>
            <span className="font-medium">
              <ProviderText>{row.name}</ProviderText>
            </span>{" "}
            <span className="text-slate-600">
              (<ProviderText>{row.providerName}</ProviderText>)
            </span>
          </td>
          <td className={cellClass("sm")}>{format.count(row.requests)}</td>
          <td className={cellClass(undefined, "whitespace-nowrap")}>{format.amount(row.sentMinor, unit)}</td>
          <td className={cellClass(undefined, "whitespace-nowrap")}>
            {format.amount(row.reservedMinor, unit)}
          </td>
          <td className={cellClass("md", "whitespace-nowrap")}>{format.amount(row.deliveredMinor, unit)}</td>
          <td className={cellClass("md", "whitespace-nowrap")}>{format.amount(row.revertedMinor, unit)}</td>
          <td className={cellClass("md", "whitespace-nowrap")}>
            {format.amount(row.undeliveredMinor, unit)}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
