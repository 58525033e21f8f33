/**
 * Sortable list columns (issue 30, finding 11): the order lives in the URL (`?sort=name&dir=asc`),
 * the server reads the page in it (lib/domain/paging.ts, sortKeyOf), and each sortable header links
 * to its own order, the other way round when it is the current one, and says which it is (aria-sort).
 */
import type { ListSort } from "@/lib/domain/paging";
import { stringParams } from "./pager";
import type { ColumnSort } from "./table";

/** The order a page's query asks for among the list's `sorts`; undefined for none or one it has not. */
export function sortParam<By extends string>(
  raw: Record<string, string | string[] | undefined>,
  sorts: Readonly<Record<By, unknown>>,
): ListSort<By> | undefined {
  const { sort, dir } = stringParams(raw, ["sort", "dir"]);
  if (!sort || !Object.hasOwn(sorts, sort)) return undefined;
  return { by: sort as By, dir: dir === "desc" ? "desc" : "asc" };
}

/** The order's query parameters, for the pager's links to keep it. */
export const sortQuery = (sort: ListSort<string> | undefined): Record<string, string> =>
  sort ? { sort: sort.by, dir: sort.dir } : {};

/**
 * A header's sort: the link to the list (with its filters, from its first page) in this column's
 * order, first in `firstDir`, the other way round when the list is in it now (`current`, the list's
 * own order when the page asked none).
 */
export function sortBy<By extends string>(
  basePath: string,
  filters: Record<string, string>,
  current: ListSort<By>,
  by: By,
  firstDir: "asc" | "desc" = "asc",
): ColumnSort {
  const active = current.by === by;
  const dir = active ? (current.dir === "asc" ? "desc" : "asc") : firstDir;
  return {
    href: `${basePath}?${new URLSearchParams({ ...filters, sort: by, dir })}`,
    current: active ? (current.dir === "asc" ? "ascending" : "descending") : undefined,
  };
}
