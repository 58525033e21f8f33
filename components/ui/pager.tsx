import Link from "next/link";
import { useTranslations } from "next-intl";
import { findUnstorableText } from "@/lib/contract/stored-text";
import { useFormat } from "@/lib/i18n/use-format";

/** What a list page knows of its place: lib/domain/paging.ts's cursors and, most lists, a capped count. */
export interface PagerPaging {
  total?: number;
  totalCapped?: boolean;
  next: string | null;
  previous: string | null;
}

/**
 * First / previous / next links (cursors) that keep the page's filters. `unit` names what is counted,
 * translated by the caller as a plural noun: "channels" ("12 channels"); Russian, Ukrainian and Arabic
 * write "{unit}: {count}" so that no number needs agreement, hence their genitive plural ("каналов").
 */
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
  const t = useTranslations("ui.pager");
  const format = useFormat();
  const { next, previous } = paging;
  if (!next && !previous) return null;
  const href = (cursor: Record<string, string>) =>
    `${basePath}?${new URLSearchParams({ ...params, ...cursor })}`;
  return (
    <nav aria-label={t("label")} className="mt-4 flex items-center gap-4 text-sm">
      {previous && (
        <>
          <Link className="text-blue-800 hover:underline" href={href({})}>
            {t("first")}
          </Link>
          <Link className="text-blue-800 hover:underline" href={href({ before: previous })} rel="prev">
            {t("previous")}
          </Link>
        </>
      )}
      {paging.total !== undefined && (
        // A unit written first ("каналов: 12") starts capitalised (a flex item is a block: ::first-letter applies).
        <span className="first-letter:uppercase">
          {t("total", {
            count: format.cappedCount({ total: paging.total, totalCapped: paging.totalCapped ?? false }),
            unit,
          })}
        </span>
      )}
      {next && (
        <Link className="text-blue-800 hover:underline" href={href({ after: next })} rel="next">
          {t("next")}
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
