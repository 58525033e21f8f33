/**
 * A select of a GET filter form: its value travels in the URL, so pages stay linkable and the
 * server reads the filters from search params. Options are [value, text] pairs or plain values.
 */
import { inputClass } from "./field";

export function FilterSelect({
  name,
  label,
  options,
  value,
  emptyLabel,
}: {
  name: string;
  label: string;
  options: ReadonlyArray<string | readonly [string, string]>;
  value: string | undefined;
  emptyLabel: string;
}) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <select name={name} defaultValue={value ?? ""} className={inputClass}>
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
    </label>
  );
}
