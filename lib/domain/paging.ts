/** Offset paging shared by the portals' lists: page numbers start at 1; anything less means 1. */
export function pageWindow(page: number | undefined, pageSize: number) {
  const current = Math.max(1, Math.trunc(page ?? 1) || 1);
  return { page: current, pageSize, skip: (current - 1) * pageSize, take: pageSize };
}
