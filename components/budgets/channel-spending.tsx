/** A program's spending per channel: requests, sent, reserved, delivered and reverted amounts. */

import { cellClass, DataTable } from "@/components/ui/table";
import type { programSpending } from "@/lib/domain/programs";
import { formatAmount, formatCount } from "@/lib/format";

type Row = Awaited<ReturnType<typeof programSpending>>[number];

export function ChannelSpending({ rows, unit }: { rows: Row[]; unit: string }) {
  if (rows.length === 0) return <p className="text-sm text-slate-600">Nothing sent yet.</p>;
  return (
    <DataTable
      caption="Spending per channel"
      columns={[
        { label: "Channel" },
        { label: "Requests", hideBelow: "sm" },
        { label: "Sent" },
        { label: "Reserved" },
        { label: "Delivered", hideBelow: "md" },
        { label: "Reverted", hideBelow: "md" },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.channelId}>
          <td className={cellClass()}>
            <span className="font-medium">{row.name}</span>{" "}
            <span className="text-slate-600">({row.providerName})</span>
          </td>
          <td className={cellClass("sm")}>{formatCount(row.requests)}</td>
          <td className={cellClass(undefined, "whitespace-nowrap")}>{formatAmount(row.sentMinor, unit)}</td>
          <td className={cellClass(undefined, "whitespace-nowrap")}>
            {formatAmount(row.reservedMinor, unit)}
          </td>
          <td className={cellClass("md", "whitespace-nowrap")}>{formatAmount(row.deliveredMinor, unit)}</td>
          <td className={cellClass("md", "whitespace-nowrap")}>{formatAmount(row.revertedMinor, unit)}</td>
        </tr>
      ))}
    </DataTable>
  );
}
