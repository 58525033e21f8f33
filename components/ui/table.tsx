/**
 * Tables: a caption for screen readers, one row of column headers (which can hide on narrow
 * screens), the caller's <tr> elements. CaptionedTable takes how it looks where it stands (a card, a
 * detail, an alert); DataTable is the portals' list table, a bordered card of its own.
 */
import Link from "next/link";
import type { ReactNode } from "react";
import { useFormat } from "@/lib/i18n/use-format";

export interface Column {
  label: string;
  /** Hide below this breakpoint (the column's cells should use the same class). */
  hideBelow?: "sm" | "md";
  /** The header is for screen readers only (a column of buttons). */
  srOnly?: boolean;
  /** More classes of the header cell (a width). */
  className?: string;
  /** A sortable column: its header links to the list in its order (components/ui/sortable.ts). */
  sort?: ColumnSort;
}

/** A sortable header's link, and the list's order by it now (aria-sort), if it is sorted by it. */
export interface ColumnSort {
  href: string;
  current?: "ascending" | "descending";
}

const SORT_MARKS = { ascending: "▲", descending: "▼" } as const;

function HeaderLabel({ column }: { column: Column }) {
  if (column.srOnly) return <span className="sr-only">{column.label}</span>;
  if (!column.sort) return column.label;
  const { href, current } = column.sort;
  return (
    <Link href={href} className="inline-flex items-center gap-1 uppercase hover:underline">
      {column.label}
      <span aria-hidden="true" className={current ? "" : "text-slate-300"}>
        {current ? SORT_MARKS[current] : "↕"}
      </span>
    </Link>
  );
}

/** The classes of the table, its header row, each header cell and its body. */
export interface TableLook {
  table?: string;
  head?: string;
  th?: string;
  body?: string;
}

const HIDE = { sm: "hidden sm:table-cell", md: "hidden md:table-cell" } as const;

const PLAIN: Required<TableLook> = {
  table: "w-full text-start text-sm",
  head: "text-xs text-slate-500 uppercase",
  th: "py-2 pe-3",
  body: "",
};

/** The class of a cell in a column that hides on narrow screens. */
export const cellClass = (hideBelow?: Column["hideBelow"], extra = "") =>
  `px-4 py-3 ${hideBelow ? HIDE[hideBelow] : ""} ${extra}`;

export function CaptionedTable({
  caption,
  columns,
  look,
  children,
}: {
  caption: string;
  columns: Column[];
  look?: TableLook;
  children: ReactNode;
}) {
  const { table, head, th, body } = { ...PLAIN, ...look };
  return (
    <table className={table}>
      <caption className="sr-only">{caption}</caption>
      <thead className={head}>
        <tr>
          {columns.map((column) => (
            <th
              key={column.label}
              scope="col"
              aria-sort={column.sort?.current}
              className={
                [th, column.hideBelow && HIDE[column.hideBelow], column.className]
                  .filter(Boolean)
                  .join(" ") || undefined
              }
            >
              <HeaderLabel column={column} />
            </th>
          ))}
        </tr>
      </thead>
      <tbody className={body || undefined}>{children}</tbody>
    </table>
  );
}

const LIST: TableLook = {
  head: "bg-slate-50 text-xs text-slate-500 uppercase",
  th: "px-4 py-2",
  body: "divide-y divide-slate-100",
};

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
    // Scrolls sideways inside its box when a phone is narrower than the table's columns, so that no
    // column (a row's only button) is out of reach and the page itself does not scroll.
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <CaptionedTable caption={caption} columns={columns} look={LIST}>
        {children}
      </CaptionedTable>
    </div>
  );
}

/** A row's moment (its last change, its submission), in a column that may hide on narrow screens. */
export function DateCell({ date, hideBelow }: { date: Date; hideBelow?: Column["hideBelow"] }) {
  const format = useFormat();
  return <td className={cellClass(hideBelow, "text-slate-600")}>{format.dateTime(date)}</td>;
}
