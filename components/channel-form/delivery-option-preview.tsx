"use client";
/**
 * What a beneficiary will fill in for one delivery option: its label, bounds and required flag,
 * and a sample value checked live against the option's length bounds and regular expression.
 */
import { useId, useState } from "react";
import { inputClass } from "@/components/ui/field";
import { compileProviderRegex } from "@/lib/contract/provider-regex";
import type { DeliveryOptionValues } from "./form-values";

function sampleVerdict(option: DeliveryOptionValues, sample: string): { ok: boolean; text: string } {
  if (!sample)
    return option.isRequired
      ? { ok: false, text: "Required: a beneficiary must fill this in." }
      : { ok: true, text: "Optional: may stay empty." };
  const min = Number(option.fieldMinLength);
  const max = Number(option.fieldMaxLength);
  if (option.fieldMinLength && sample.length < min)
    return { ok: false, text: `Too short: at least ${min} characters.` };
  if (option.fieldMaxLength && sample.length > max)
    return { ok: false, text: `Too long: at most ${max} characters.` };
  if (option.validationRegex) {
    // The server's engine and rules, so the preview accepts exactly what deliveries will.
    const pattern = compileProviderRegex(option.validationRegex);
    if (!pattern.ok) return { ok: false, text: `The regular expression ${pattern.reason}.` };
    if (!pattern.test(sample)) return { ok: false, text: "Does not match the regular expression." };
  }
  return { ok: true, text: "Valid." };
}

export function DeliveryOptionPreview({ option }: { option: DeliveryOptionValues }) {
  const id = useId();
  const [sample, setSample] = useState("");
  const verdict = sampleVerdict(option, sample);
  const bounds = [
    option.fieldMinLength && `min ${option.fieldMinLength}`,
    option.fieldMaxLength && `max ${option.fieldMaxLength}`,
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="rounded-md border border-dashed border-slate-300 bg-slate-50 p-3">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">Preview for beneficiaries</p>
      <label htmlFor={id} className="mt-2 block text-sm font-medium text-slate-800">
        {option.fieldLabel || "(no label yet)"}
        {option.isRequired && <span className="text-red-700"> *</span>}
        {bounds && <span className="ml-2 text-xs font-normal text-slate-500">({bounds} characters)</span>}
      </label>
      <input
        id={id}
        className={`${inputClass} mt-1`}
        placeholder={option.defaultValue || "Try a sample value"}
        value={sample}
        onChange={(event) => setSample(event.target.value)}
        aria-describedby={`${id}-verdict`}
      />
      <p
        id={`${id}-verdict`}
        aria-live="polite"
        className={`mt-1 text-xs ${verdict.ok ? "text-green-800" : "text-red-700"}`}
      >
        {verdict.text}
      </p>
    </div>
  );
}
