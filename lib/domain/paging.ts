/** Far past any list's end, and small enough that the database's 64-bit offset always holds it. */
const LAST_PAGE = 1_000_000;

/**
 * Offset paging shared by the portals' lists: page numbers start at 1; anything less means 1, and a
 * page far past the end (`?page=99999999999999999999`) is the last page there can be, found empty.
 */
export function pageWindow(page: number | undefined, pageSize: number) {
  const current = Math.min(LAST_PAGE, Math.max(1, Math.trunc(page ?? 1) || 1));
  return { page: current, pageSize, skip: (current - 1) * pageSize, take: pageSize };
}
