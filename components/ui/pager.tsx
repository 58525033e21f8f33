import Link from "next/link";
import { findUnstorableText } from "@/lib/contract/stored-text";
import { formatCappedCount } from "@/lib/format";

/** What a list page knows of its place: lib/domain/paging.ts's cursors and, most lists, a capped count. */
export interface PagerPaging {
  total?: number;
  totalCapped?: boolean;
  next: string | null;
  previous: string | null;
}

/** First / previous / next links (cursors) that keep the page's filters; `unit` names what is counted. */
export function Pager({
  basePath,
  params,
  paging,
  unit,
}: {
  basePath: string;
  params: Record<string, string>;
  paging: PagerPaging;
  unit: string;
}) {
  const { next, previous } = paging;
  if (!next && !previous) return null;
  const href = (cursor: Record<string, string>) =>
    `${basePath}?${new URLSearchParams({ ...params, ...cursor })}`;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-4 text-sm">
      {previous && (
        <>
          <Link className="text-blue-800 hover:underline" href={href({})}>
            First
          </Link>
          <Link className="text-blue-800 hover:underline" href={href({ before: previous })} rel="prev">
            Previous
          </Link>
        </>
      )}
      {paging.total !== undefined && (
        <span>
          {formatCappedCount({ total: paging.total, totalCapped: paging.totalCapped ?? false })} {unit}
        </span>
      )}
      {next && (
        <Link className="text-blue-800 hover:underline" href={href({ after: next })} rel="next">
          Next
        </Link>
      )}
    </nav>
  );
}

/** The string search params a page knows, dropping empty ones. */
export function stringParams(
  params: Record<string, string | string[] | undefined>,
  keys: readonly string[],
): Record<string, string> {
  return Object.fromEntries(
    keys.flatMap((key) => {
      const value = params[key];
      // A NUL or a lone surrogate matches nothing stored, and PostgreSQL refuses it in a query.
      return typeof value === "string" && value && !findUnstorableText(value) ? [[key, value]] : [];
    }),
  );
}
