/**
 * A select of a GET filter form: its value travels in the URL, so pages stay linkable and the
 * server reads the filters from search params. Options are [value, text] pairs or plain values.
 */
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { buttonClass } from "./button";
import { inputClass } from "./field";

export function FilterSelect({
  name,
  label,
  options,
  value,
  emptyLabel,
  title,
}: {
  name: string;
  label: string;
  options: ReadonlyArray<string | readonly [string, string]>;
  value: string | undefined;
  emptyLabel: string;
  /** What the filter selects, where its label alone does not say (shown on hover). */
  title?: string;
}) {
  // Labelled by `for`, not by wrapping: a wrapping label's name would hold every option's text
  // ("State All Live Offline…", and "United States" made the country filter answer to "State").
  const id = `filter-${name}`;
  return (
    <div className="text-sm">
      <label htmlFor={id} className="mb-1 block font-medium text-slate-800">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ""} title={title} className={inputClass}>
        <option value="">{emptyLabel}</option>
        {options.map((option) => {
          const [optionValue, text] = typeof option === "string" ? [option, option] : option;
          return (
            <option key={optionValue} value={optionValue}>
              {text}
            </option>
          );
        })}
      </select>
    </div>
  );
}

/** The GET form around a list page's filters, with its Filter button. */
export function FilterForm({ action, children }: { action: string; children: ReactNode }) {
  const t = useTranslations("ui");
  return (
    <form method="get" action={action} className="mb-4 flex flex-wrap items-end gap-3">
      {children}
      <button type="submit" className={buttonClass("secondary")}>
        {t("filter")}
      </button>
    </form>
  );
}
