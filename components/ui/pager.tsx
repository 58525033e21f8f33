import Link from "next/link";
import { formatCount } from "@/lib/format";

/** Previous / next links that keep the page's filters; `unit` names what is counted. */
export function Pager({
  basePath,
  params,
  page,
  total,
  pageSize,
  unit,
}: {
  basePath: string;
  params: Record<string, string>;
  page: number;
  total: number;
  pageSize: number;
  unit?: string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const href = (to: number) => `${basePath}?${new URLSearchParams({ ...params, page: String(to) })}`;
  return (
    <nav aria-label="Pages" className="mt-4 flex items-center gap-4 text-sm">
      {page > 1 && (
        <Link className="text-blue-800 hover:underline" href={href(page - 1)}>
          Previous
        </Link>
      )}
      <span>
        Page {formatCount(page)} of {formatCount(pages)} (
        {unit ? `${formatCount(total)} ${unit}` : formatCount(total)})
      </span>
      {page < pages && (
        <Link className="text-blue-800 hover:underline" href={href(page + 1)}>
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
    keys.flatMap((key) =>
      typeof params[key] === "string" && params[key] ? [[key, params[key] as string]] : [],
    ),
  );
}
