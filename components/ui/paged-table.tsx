/**
 * A list page's body: the empty state when nothing matches, otherwise one page of rows, then the
 * pager that keeps the page's filters.
 */
import type { ReactNode } from "react";
import { Pager, type PagerPaging } from "./pager";
import { type Column, DataTable } from "./table";

export function PagedTable<Item>({
  items,
  row,
  empty,
  caption,
  columns,
  paging,
  basePath,
  params,
  unit,
}: {
  items: Item[];
  /** The item's <tr>, with its key. */
  row: (item: Item) => ReactNode;
  empty: ReactNode;
  caption: string;
  columns: Column[];
  paging: PagerPaging;
  basePath: string;
  params: Record<string, string>;
  unit: string;
}) {
  return (
    <>
      {items.length === 0 ? (
        empty
      ) : (
        <DataTable caption={caption} columns={columns}>
          {items.map(row)}
        </DataTable>
      )}
      <Pager basePath={basePath} params={params} paging={paging} unit={unit} />
    </>
  );
}
