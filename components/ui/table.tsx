/**
 * The portals' list tables: a bordered card, a caption for screen readers, column headers that can
 * hide on narrow screens. Rows are the caller's <tr> elements.
 */
import type { ReactNode } from "react";
import { formatDateTime } from "@/lib/format";

export interface Column {
  label: string;
  /** Hide below this breakpoint (the column's cells should use the same class). */
  hideBelow?: "sm" | "md";
}

const HIDE = { sm: "hidden sm:table-cell", md: "hidden md:table-cell" } as const;

/** The class of a cell in a column that hides on narrow screens. */
export const cellClass = (hideBelow?: Column["hideBelow"], extra = "") =>
  `px-4 py-3 ${hideBelow ? HIDE[hideBelow] : ""} ${extra}`;

export function DataTable({
  caption,
  columns,
  children,
}: {
  caption: string;
  columns: Column[];
  children: ReactNode;
}) {
  return (
    <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-xs text-slate-500 uppercase">
          <tr>
            {columns.map((column) => (
              <th
                key={column.label}
                scope="col"
                className={`px-4 py-2 ${column.hideBelow ? HIDE[column.hideBelow] : ""}`}
              >
                {column.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">{children}</tbody>
      </table>
    </div>
  );
}

/** A row's moment (its last change, its submission), in a column that may hide on narrow screens. */
export function DateCell({ date, hideBelow }: { date: Date; hideBelow?: Column["hideBelow"] }) {
  return <td className={cellClass(hideBelow, "text-slate-600")}>{formatDateTime(date)}</td>;
}
