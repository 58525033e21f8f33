/** Far past any list's end, and small enough that the database's 64-bit offset always holds it. */
const LAST_PAGE = 1_000_000;

/**
 * Offset paging shared by the portals' lists: page numbers start at 1; anything less means 1, and a
 * page far past the end (`?page=99999999999999999999`) is the last page there can be, found empty.
 */
function pageWindow(page: number | undefined, pageSize: number) {
  const current = Math.min(LAST_PAGE, Math.max(1, Math.trunc(page ?? 1) || 1));
  return { page: current, pageSize, skip: (current - 1) * pageSize, take: pageSize };
}

/** The page a list page's `?page=` asks for: 1 when it names none (pageWindow bounds the rest). */
export function pageParam(searchParams: Record<string, string | string[] | undefined>): number {
  const { page } = searchParams;
  return Math.max(1, Number.parseInt(typeof page === "string" ? page : "1", 10) || 1);
}

/** One page of a list: its rows and the count of all of them, read together. */
export async function readPage<Row>(
  page: number | undefined,
  pageSize: number,
  count: () => Promise<number>,
  rows: (window: { skip: number; take: number }) => Promise<Row[]>,
) {
  const paging = pageWindow(page, pageSize);
  const [total, items] = await Promise.all([count(), rows({ skip: paging.skip, take: paging.take })]);
  return { total, page: paging.page, pageSize, items };
}
