/**
 * The audit trail as a table: when, who, what, on which subject, what changed (the fields whose
 * value differs between before and after) and the request. Values are provider- and user-supplied
 * text: React escapes them, and long ones wrap.
 */
import { useTranslations } from "next-intl";
import { useLookupName } from "@/components/channels/lookup-named";
import { Badge } from "@/components/ui/page";
import { cellClass, DataTable, DateCell } from "@/components/ui/table";
import type { AuditEntryView } from "@/lib/domain/audit";
import { useFormat } from "@/lib/i18n/use-format";

/** The actor types the catalog names (audit.actorType); any other shows as stored. */
const ACTOR_TYPES = ["user", "token", "apiKey", "system"];

type Fields = Record<string, unknown>;

function parsed(json: string | null): Fields {
  try {
    return json ? (JSON.parse(json) as Fields) : {};
  } catch {
    return {};
  }
}

/** The fields whose value differs between before and after. */
function changedFields(before: string | null, after: string | null) {
  const was = parsed(before);
  const is = parsed(after);
  const keys = [...new Set([...Object.keys(was), ...Object.keys(is)])];
  return {
    was,
    is,
    keys: keys.filter((key) => JSON.stringify(was[key]) !== JSON.stringify(is[key])),
  };
}

/** A value sealed with a beneficiary's data key (lib/domain/beneficiary-data/sealed-values.ts). */
const SEALED_VALUE = /^b1\.[\w-]{16}\./;

/** Fields whose values are states with names in the catalog (audit.values). */
const STATE_KEYS = new Set(["approvalState", "state", "status"]);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const MINOR_UNITS = /^-?\d+$/;

/**
 * A recorded value as the rest of the product shows it (issue 30, findings 4 and 5): an amount kept
 * in hundredths (`totalMinor` beside its `unit`) in the one amount format under its field's name
 * ("Total"), a time in the one date format, a unit by its name (Euro), a field by its name where
 * the catalog has one.
 */
function useShowField() {
  const t = useTranslations("audit");
  const format = useFormat();
  const nameOf = useLookupName();
  /** A program's or budget's unit: a currency or a commodity, by its name. */
  const unitName = (code: string) => nameOf("Currency", code) ?? nameOf("Commodity", code) ?? code;
  return (key: string, fields: Fields) => {
    const value = fields[key];
    const amountOf = key.endsWith("Minor") ? key.slice(0, -"Minor".length) : null;
    const name = amountOf ?? key;
    const label = t.has(`fields.${name}`) ? t(`fields.${name}`) : name;
    const unit = fields.unit;
    let shown: string;
    if (value === undefined || value === null) shown = "—";
    else if (amountOf && typeof unit === "string" && MINOR_UNITS.test(String(value)))
      shown = format.amount(BigInt(String(value)), unit);
    else if (typeof value === "string" && ISO_TIME.test(value) && !Number.isNaN(Date.parse(value)))
      shown = format.dateTime(new Date(value));
    else if (STATE_KEYS.has(key) && typeof value === "string" && t.has(`values.${value}`))
      shown = t(`values.${value}`);
    else if (key === "unit" && typeof value === "string") shown = unitName(value);
    // Free text about a beneficiary is sealed with its data key (issue 36): shown as such, not as ciphertext.
    else if (typeof value === "string" && SEALED_VALUE.test(value)) shown = t("sealedValue");
    else shown = typeof value === "string" ? value : JSON.stringify(value);
    return { label, shown };
  };
}

/** An action by its name in the reader's language (the code on hover); an unnamed one as stored. */
export function useActionName() {
  const t = useTranslations("audit");
  return (action: string) => (t.has(`actions.${action}`) ? t(`actions.${action}`) : action);
}

export function AuditTable({ entries }: { entries: AuditEntryView[] }) {
  const t = useTranslations("audit");
  const showField = useShowField();
  const actionName = useActionName();
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
            <span title={entry.action} data-action={entry.action}>
              <Badge tone="blue">{actionName(entry.action)}</Badge>
            </span>
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
              <Changes before={entry.before} after={entry.after} show={showField} />
            </ul>
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

function Changes({
  before,
  after,
  show,
}: {
  before: string | null;
  after: string | null;
  show: ReturnType<typeof useShowField>;
}) {
  const { was, is, keys } = changedFields(before, after);
  return keys.map((key) => {
    const from = show(key, was);
    const to = show(key, is);
    return (
      <li key={key} className="break-all">
        <span className="font-medium">{to.label}</span>: {from.shown}{" "}
        <span className="inline-block rtl:rotate-180">→</span> {to.shown}
      </li>
    );
  });
}
