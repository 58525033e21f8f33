/**
 * Every problem of the form at once, above the submit button, after a submit attempt: a long form's
 * errors at the fields alone are easy to miss. The errors stay at their fields too.
 */
import { useTranslations } from "next-intl";
import type { FieldErrors } from "react-hook-form";
import { useValidationText } from "@/lib/i18n/use-validation-text";

/** Paths the summary names by a label of its own (their keys under summary.labels). */
const LABELS: Record<string, string> = {
  providerDeliveryChannelId: "channelId",
  "name.translation": "name",
  landingPage: "landingPage",
  "availability.categoriesSupported": "categories",
};

/** Other paths, named by the label their field has in the form (keys of the channelForm catalog). */
const FORM_LABELS: Array<[RegExp, (field: string) => string]> = [
  [/^availability\.(\w+)$/, (field) => `availability.fields.${field}`],
  [/^callCenter\.(\w+)$/, (field) => `callCenter.${field}`],
  [/^budget\.(amount)$/, (field) => `budget.${field}`],
  [/^budget\.(currency|commodity)$/, (field) => `budget.${field[0]!.toUpperCase()}${field.slice(1)}.label`],
  [/^shortDescription\.(translation)$/, () => "form.shortDescription"],
  [/^(?:name|shortDescription)\.(language)$/, () => "translation.language"],
];

type Translate = ReturnType<typeof useTranslations>;

/** `key`'s text when the catalog has it; `fallback` (the path as it is) otherwise. */
const labelOr = (t: Translate, key: string, fallback: string) => (t.has(key) ? t(key) : fallback);

/** "deliveryOptions.1.fieldMinLength" → "Delivery option 2, Minimum length", as the form names them. */
function fieldName(path: string, t: Translate): string {
  if (LABELS[path]) return t(`summary.labels.${LABELS[path]}`);
  const [, list = "", index = "", field = ""] = /^(deliveryOptions|contacts)\.(\d+)\.(\w+)$/.exec(path) ?? [];
  if (list) {
    const named = labelOr(t, `${list}.fields.${field}`, field);
    return t(`summary.items.${list}`, { number: Number(index) + 1, field: named });
  }
  for (const [pattern, key] of FORM_LABELS) {
    const found = pattern.exec(path);
    if (found) return labelOr(t, key(found[1]!), path);
  }
  return path;
}

/** react-hook-form's nested errors as [path, message] pairs, in the form's order. */
function flatten(errors: unknown, path = ""): Array<[string, string]> {
  if (!errors || typeof errors !== "object") return [];
  const { message } = errors as { message?: unknown };
  if (typeof message === "string") return [[path, message]];
  return Object.entries(errors).flatMap(([key, inner]) =>
    key === "ref" || key === "root" ? [] : flatten(inner, path ? `${path}.${key}` : key),
  );
}

export function ErrorSummary({ errors, submitted }: { errors: FieldErrors; submitted: boolean }) {
  const t = useTranslations("channelForm");
  const inReadersLanguage = useValidationText();
  const problems = flatten(errors);
  if (!submitted || problems.length === 0) return null;
  return (
    <div role="alert" className="rounded-md bg-red-50 p-4 text-sm text-red-900 ring-1 ring-red-200">
      <p className="font-semibold">{t("summary.title", { count: problems.length })}</p>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {problems.map(([path, message]) => (
          <li key={path}>
            <span className="font-medium">{fieldName(path, t)}</span>: {inReadersLanguage(message)}
          </li>
        ))}
      </ul>
    </div>
  );
}

/** The asterisk of a required field; its control carries aria-required for assistive technology. */
export function RequiredMark() {
  return (
    <span aria-hidden="true" className="text-red-700">
      {" "}
      *
    </span>
  );
}
