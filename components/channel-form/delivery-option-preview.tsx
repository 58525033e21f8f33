"use client";
/**
 * What a beneficiary will fill in for one delivery option: its label, bounds and required flag,
 * and a sample value checked live against the option's length bounds and regular expression.
 */
import { useTranslations } from "next-intl";
import { useId, useState } from "react";
import { inputClass } from "@/components/ui/field";
import { compileProviderRegex } from "@/lib/contract/provider-regex";
import { useValidationText } from "@/lib/i18n/use-validation-text";
import type { DeliveryOptionValues } from "./form-values";

type Translate = ReturnType<typeof useTranslations>;

function sampleVerdict(
  option: DeliveryOptionValues,
  sample: string,
  t: Translate,
  inReadersLanguage: (message: string) => string,
): { ok: boolean; text: string } {
  if (!sample)
    return option.isRequired
      ? { ok: false, text: t("preview.required") }
      : { ok: true, text: t("preview.optional") };
  const min = Number(option.fieldMinLength);
  const max = Number(option.fieldMaxLength);
  if (option.fieldMinLength && sample.length < min)
    return { ok: false, text: t("preview.tooShort", { min }) };
  if (option.fieldMaxLength && sample.length > max) return { ok: false, text: t("preview.tooLong", { max }) };
  if (option.validationRegex) {
    // The server's engine and rules, so the preview accepts exactly what deliveries will.
    const pattern = compileProviderRegex(option.validationRegex);
    // The reason is the API's catalog message, shown in the reader's language.
    if (!pattern.ok)
      return { ok: false, text: t("preview.badRegex", { reason: inReadersLanguage(pattern.reason) }) };
    if (!pattern.test(sample)) return { ok: false, text: t("preview.noMatch") };
  }
  return { ok: true, text: t("preview.valid") };
}

export function DeliveryOptionPreview({ option }: { option: DeliveryOptionValues }) {
  const t = useTranslations("channelForm");
  const id = useId();
  const [sample, setSample] = useState("");
  const verdict = sampleVerdict(option, sample, t, useValidationText());
  const bounds = [
    option.fieldMinLength && t("preview.min", { value: option.fieldMinLength }),
    option.fieldMaxLength && t("preview.max", { value: option.fieldMaxLength }),
  ]
    .filter(Boolean)
    .join(", ");
  return (
    <div className="rounded-md border border-dashed border-slate-300 bg-slate-50 p-3">
      <p className="text-xs font-medium tracking-wide text-slate-500 uppercase">{t("preview.title")}</p>
      <label htmlFor={id} className="mt-2 block text-sm font-medium text-slate-800">
        {option.fieldLabel || t("preview.noLabel")}
        {option.isRequired && <span className="text-red-700"> *</span>}
        {bounds && (
          <span className="ms-2 text-xs font-normal text-slate-500">{t("preview.bounds", { bounds })}</span>
        )}
      </label>
      <input
        id={id}
        className={`${inputClass} mt-1`}
        placeholder={option.defaultValue || t("preview.samplePlaceholder")}
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
