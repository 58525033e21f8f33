/**
 * Beneficiaries' values on a delivery request's page (issue 36): masked unless the viewer's role may
 * see them and they chose why. A GET form, as the page's search: the purpose lands in `?purpose=`,
 * the page reads the values in clear and the domain records the read in the audit trail.
 */
import { useTranslations } from "next-intl";
import { VALUE_PURPOSES, type ValuePurpose } from "@/lib/contract/forms/beneficiary-data-forms";
import type { OptionPair, ValueView } from "@/lib/domain/beneficiary-data";
import { buttonClass } from "../ui/button";
import { inputClass } from "../ui/field";

export function ValuesControl({
  action,
  term,
  shown,
  purpose,
  mayReveal,
}: {
  action: string;
  term: string;
  shown: ValueView;
  purpose: ValuePurpose | null;
  mayReveal: boolean;
}) {
  const t = useTranslations("programs.request");
  const keep = term ? <input type="hidden" name="q" value={term} /> : null;
  if (shown === "clear" && purpose)
    return (
      <div
        role="status"
        className="mb-4 flex flex-wrap items-center gap-3 rounded-md bg-amber-50 p-3 text-sm"
      >
        <span>{t("valuesShownFor", { purpose: t(`purposes.${purpose}`) })}</span>
        <form method="get" action={action}>
          {keep}
          <button type="submit" className={buttonClass("secondary")}>
            {t("valuesHide")}
          </button>
        </form>
      </div>
    );
  if (!mayReveal) return <p className="mb-4 text-sm text-slate-600">{t("valuesMaskedForRole")}</p>;
  return (
    <form method="get" action={action} className="mb-4 flex flex-wrap items-end gap-2 text-sm">
      {keep}
      <p className="basis-full text-slate-600">{t("valuesMasked")}</p>
      <PurposeSelect id="values-purpose" />
      <button type="submit" className={buttonClass("secondary")}>
        {t("valuesShow")}
      </button>
    </form>
  );
}

/** Why the reader needs the values in clear: one of VALUE_PURPOSES, recorded with the read. */
function PurposeSelect({ id }: { id: string }) {
  const t = useTranslations("programs.request");
  return (
    <>
      <label htmlFor={id} className="sr-only">
        {t("valuesPurpose")}
      </label>
      <select id={id} name="purpose" required defaultValue="" className={`${inputClass} max-w-xs`}>
        <option value="" disabled>
          {t("valuesPurpose")}
        </option>
        {VALUE_PURPOSES.map((value) => (
          <option key={value} value={value}>
            {t(`purposes.${value}`)}
          </option>
        ))}
      </select>
    </>
  );
}

/**
 * The program's deliveries as CSV with their beneficiary ids in clear, for a role that may see them:
 * a GET form to the export, the purpose in `?purpose=` (the plain export masks the ids).
 */
export function ClearDeliveriesExport({ action }: { action: string }) {
  const tExport = useTranslations("programs.detail.export");
  return (
    <form method="get" action={action} className="flex flex-wrap items-end gap-2 text-sm">
      <p className="basis-full text-slate-600">{tExport("masked")}</p>
      <PurposeSelect id="export-purpose" />
      <button type="submit" className={buttonClass("secondary")}>
        {tExport("deliveriesClear")}
      </button>
    </form>
  );
}

/** One delivery's values, `key: value` a line each; erased once its beneficiary was. */
export function DeliveryValues({ values }: { values: OptionPair[] | null }) {
  const t = useTranslations("programs.request");
  if (values === null) return <span className="text-slate-500 italic">{t("valuesErased")}</span>;
  if (values.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul className="font-mono text-xs">
      {values.map((pair) => (
        <li key={pair.key} dir="ltr" className="break-all">
          {pair.key}: {pair.value}
        </li>
      ))}
    </ul>
  );
}
