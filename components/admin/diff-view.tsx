/**
 * The review page's diff: each changed field with the approved value beside the submitted one.
 * Bounded whatever the contents: at most MAX_ROWS changes, value lists collapsed, long values cut.
 */

import { useTranslations } from "next-intl";
import { CollapsedList, firstOf, groupLabel, MoreNote } from "@/components/ui/collapsed-list";
import { Badge } from "@/components/ui/page";
import { CaptionedTable } from "@/components/ui/table";
import type { Change } from "@/lib/domain/channels";
import { useFormat } from "@/lib/i18n/use-format";
import { useDiffFieldName, useDiffValue } from "./diff-names";

const MAX_ROWS = 100;
/** Items of a list shown inside a JSON value, and characters of the value in all. */
const JSON_LIST_ITEMS = 12;
const MAX_CHARACTERS = 4000;

/** The notes of what a value lost to its bounds, in the reader's language. */
interface CutNotes {
  items: (count: number) => string;
  characters: (count: number) => string;
}

/** A value as text; lists inside it cut to their first items, the whole cut to MAX_CHARACTERS. */
function show(value: unknown, cut: CutNotes): string {
  const text =
    typeof value === "string"
      ? value
      : JSON.stringify(
          value,
          (_key, inner: unknown) =>
            Array.isArray(inner) && inner.length > JSON_LIST_ITEMS
              ? [...inner.slice(0, JSON_LIST_ITEMS), cut.items(inner.length - JSON_LIST_ITEMS)]
              : inner,
          1,
        );
  return text.length > MAX_CHARACTERS
    ? `${text.slice(0, MAX_CHARACTERS)}${cut.characters(text.length - MAX_CHARACTERS)}`
    : text;
}

function Values({
  sign,
  values,
  name,
}: {
  sign: string;
  values: unknown[];
  name: (value: string) => string;
}) {
  if (!values.length) return <>—</>;
  return (
    <CollapsedList
      values={values}
      render={(groups) => (
        <span>{`${sign} ${groups.map((group) => groupLabel({ ...group, value: name(group.value) })).join(", ")}`}</span>
      )}
    />
  );
}

const TONES = { removed: "red", added: "green", changed: "amber", values: "amber" } as const;

/** `units`: the budget's currency or commodity in the approved and the submitted content. */
export function DiffView({
  changes,
  firstVersion,
  units = {},
}: {
  changes: Change[];
  firstVersion: boolean;
  units?: { before?: string | null; after?: string | null };
}) {
  const t = useTranslations("review.diff");
  const format = useFormat();
  const fieldName = useDiffFieldName();
  const shownValue = useDiffValue();
  const cut: CutNotes = {
    items: (count) => t("moreItems", { count: format.count(count) }),
    characters: (count) => t("moreCharacters", { count: format.count(count) }),
  };
  if (changes.length === 0) {
    return <p className="text-sm text-slate-600">{t("same")}</p>;
  }
  const rows = firstOf(changes, MAX_ROWS);
  return (
    <>
      <CaptionedTable
        caption={t("caption")}
        columns={[
          { label: t("field"), className: "w-1/4" },
          { label: firstVersion ? t("before") : t("approved") },
          { label: t("submitted") },
        ]}
        look={{ table: "w-full table-fixed text-start text-sm", body: "divide-y divide-slate-100" }}
      >
        {rows.shown.map((change) => (
          <tr key={change.path || "(all)"} className="align-top">
            <th scope="row" className="py-2 pe-3 text-start text-xs font-normal break-words">
              <span title={change.path} data-path={change.path}>
                {change.path ? fieldName(change.path) : t("wholeContent")}
              </span>
              <div className="mt-1">
                <Badge tone={TONES[change.kind]}>{t(`kind.${change.kind}`)}</Badge>
              </div>
            </th>
            {change.kind === "values" ? (
              <>
                <td className="py-2 pe-3 text-red-800">
                  <Values sign="−" values={change.removed} name={(v) => shownValue(change.path, v) ?? v} />
                </td>
                <td className="py-2 pe-3 text-green-800">
                  <Values sign="+" values={change.added} name={(v) => shownValue(change.path, v) ?? v} />
                </td>
              </>
            ) : (
              <>
                <td dir="auto" className="py-2 pe-3 break-all whitespace-pre-wrap text-red-800">
                  {change.kind === "added"
                    ? "—"
                    : (shownValue(change.path, change.before, units.before) ?? show(change.before, cut))}
                </td>
                <td dir="auto" className="py-2 pe-3 break-all whitespace-pre-wrap text-green-800">
                  {change.kind === "removed"
                    ? "—"
                    : (shownValue(change.path, change.after, units.after) ?? show(change.after, cut))}
                </td>
              </>
            )}
          </tr>
        ))}
      </CaptionedTable>
      <MoreNote more={rows.more} noun={t("unit")} />
    </>
  );
}
