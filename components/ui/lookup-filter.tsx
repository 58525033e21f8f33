"use client";
/**
 * A lookup value (e.g. a country) chosen by searching its code or name, for a GET filter form: the
 * searchable single choice of MultiSelect, with the value carried in a hidden input so the page's
 * URL keeps the filter, like FilterSelect's.
 */
import { useState } from "react";
import { MultiSelect, type Option } from "./multi-select";

export function LookupFilter({
  name,
  label,
  options,
  value,
}: {
  name: string;
  label: string;
  options: readonly Option[];
  value: string | undefined;
}) {
  const [chosen, setChosen] = useState<string[]>(value ? [value] : []);
  return (
    <div className="w-64 text-sm">
      <MultiSelect single label={label} options={options} value={chosen} onChange={setChosen} />
      <input type="hidden" name={name} value={chosen[0] ?? ""} />
    </div>
  );
}
