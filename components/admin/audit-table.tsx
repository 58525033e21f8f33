/**
 * The audit trail as a table: when, who, what, on which subject, what changed (the fields whose
 * value differs between before and after) and the request. Values are provider- and user-supplied
 * text: React escapes them, and long ones wrap.
 */
import { useTranslations } from "next-intl";
import { Badge } from "@/components/ui/page";
import { cellClass, DataTable, DateCell } from "@/components/ui/table";
import type { AuditEntryView } from "@/lib/domain/audit-log";

/** The actor types the catalog names (audit.actorType); any other shows as stored. */
const ACTOR_TYPES = ["user", "token", "apiKey", "system"];

function changedFields(before: string | null, after: string | null) {
  const parse = (json: string | null): Record<string, unknown> => {
    try {
      return json ? (JSON.parse(json) as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  };
  const was = parse(before);
  const is = parse(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return keys
    .filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key]))
    .map((key) => ({ key, was: shown(was[key]), is: shown(is[key]) }));
}

const shown = (value: unknown) =>
  value === undefined ? "—" : typeof value === "string" ? value : JSON.stringify(value);

export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const t = useTranslations("audit");
  return (
    <DataTable
      caption={t("table.caption")}
      columns={[
        { label: t("table.when") },
        { label: t("table.who") },
        { label: t("table.action") },
        { label: t("table.subject"), hideBelow: "sm" },
        { label: t("table.changes"), hideBelow: "md" },
      ]}
    >
      {entries.map((entry) => (
        <tr key={entry.id} className="align-top" data-seq={entry.seq}>
          <DateCell date={entry.at} />
          <td className={cellClass(undefined, "break-all")}>
            {entry.actorName}
            <span className="block text-xs text-slate-500">
              {ACTOR_TYPES.includes(entry.actorType) ? t(`actorType.${entry.actorType}`) : entry.actorType}
            </span>
          </td>
          <td className={cellClass()}>
            <Badge tone="blue">{entry.action}</Badge>
            {entry.requestId && (
              <span className="mt-1 block break-all text-xs text-slate-500">
                {t("table.request", { id: entry.requestId })}
              </span>
            )}
          </td>
          <td className={cellClass("sm", "break-all")}>
            {entry.subjectType}
            <span className="block text-xs text-slate-500">{entry.subjectId}</span>
          </td>
          <td className={cellClass("md")}>
            <ul className="space-y-1 text-xs">
              {changedFields(entry.before, entry.after).map((change) => (
                <li key={change.key} className="break-all">
                  <span className="font-medium">{change.key}</span>: {change.was}{" "}
                  <span className="inline-block rtl:rotate-180">→</span> {change.is}
                </li>
              ))}
            </ul>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}
