/**
 * The review page's diff: each changed field with the approved value beside the submitted one.
 * Bounded whatever the contents: at most MAX_ROWS changes, value lists collapsed, long values cut.
 */

import { CollapsedList, firstOf, groupLabel, MoreNote } from "@/components/ui/collapsed-list";
import { Badge } from "@/components/ui/page";
import { CaptionedTable } from "@/components/ui/table";
import type { Change } from "@/lib/domain/content-diff";
import { formatCount } from "@/lib/format";

const MAX_ROWS = 100;
/** Items of a list shown inside a JSON value, and characters of the value in all. */
const JSON_LIST_ITEMS = 12;
const MAX_CHARACTERS = 4000;

/** A value as text; lists inside it cut to their first items, the whole cut to MAX_CHARACTERS. */
function show(value: unknown): string {
  const text =
    typeof value === "string"
      ? value
      : JSON.stringify(
          value,
          (_key, inner: unknown) =>
            Array.isArray(inner) && inner.length > JSON_LIST_ITEMS
              ? [...inner.slice(0, JSON_LIST_ITEMS), `… and ${inner.length - JSON_LIST_ITEMS} more`]
              : inner,
          1,
        );
  return text.length > MAX_CHARACTERS
    ? `${text.slice(0, MAX_CHARACTERS)}… (${formatCount(text.length - MAX_CHARACTERS)} more characters)`
    : text;
}

function Values({ sign, values }: { sign: string; values: unknown[] }) {
  if (!values.length) return <>—</>;
  return (
    <CollapsedList
      values={values}
      render={(groups) => <span>{`${sign} ${groups.map(groupLabel).join(", ")}`}</span>}
    />
  );
}

export function DiffView({ changes, firstVersion }: { changes: Change[]; firstVersion: boolean }) {
  if (changes.length === 0) {
    return (
      <p className="text-sm text-slate-600">The submitted content is the same as the approved content.</p>
    );
  }
  const rows = firstOf(changes, MAX_ROWS);
  return (
    <>
      <CaptionedTable
        caption="Changes from the approved content to the submitted content"
        columns={[
          { label: "Field", className: "w-1/4" },
          { label: firstVersion ? "Before" : "Approved" },
          { label: "Submitted" },
        ]}
        look={{ table: "w-full table-fixed text-left text-sm", body: "divide-y divide-slate-100" }}
      >
        {rows.shown.map((change) => (
          <tr key={change.path || "(all)"} className="align-top">
            <th scope="row" className="py-2 pr-3 font-mono text-xs font-normal break-all">
              {change.path || "(whole content)"}
              <div className="mt-1">
                <Badge tone={change.kind === "removed" ? "red" : change.kind === "added" ? "green" : "amber"}>
                  {change.kind === "values" ? "changed" : change.kind}
                </Badge>
              </div>
            </th>
            {change.kind === "values" ? (
              <>
                <td className="py-2 pr-3 text-red-800">
                  <Values sign="−" values={change.removed} />
                </td>
                <td className="py-2 pr-3 text-green-800">
                  <Values sign="+" values={change.added} />
                </td>
              </>
            ) : (
              <>
                <td className="py-2 pr-3 break-all whitespace-pre-wrap text-red-800">
                  {change.kind === "added" ? "—" : show(change.before)}
                </td>
                <td className="py-2 pr-3 break-all whitespace-pre-wrap text-green-800">
                  {change.kind === "removed" ? "—" : show(change.after)}
                </td>
              </>
            )}
          </tr>
        ))}
      </CaptionedTable>
      <MoreNote more={rows.more} noun="changes" />
    </>
  );
}
