/**
 * Every problem of the form at once, above the submit button, after a submit attempt: a long form's
 * errors at the fields alone are easy to miss. The errors stay at their fields too.
 */
import { useTranslations } from "next-intl";
import type { FieldErrors } from "react-hook-form";
import { useValidationText } from "@/lib/i18n/use-validation-text";

/** Paths named by a label (their keys under summary.labels); other paths show as they are. */
const LABELS: Record<string, string> = {
  providerDeliveryChannelId: "channelId",
  "name.translation": "name",
  landingPage: "landingPage",
  "availability.categoriesSupported": "categories",
};

const LISTS = new Set(["deliveryOptions", "contacts"]);

/** "deliveryOptions.1.fieldName" → "Delivery option 2, fieldName", as the form numbers its items. */
function fieldName(path: string, t: ReturnType<typeof useTranslations>): string {
  if (LABELS[path]) return t(`summary.labels.${LABELS[path]}`);
  const [, list = "", index = "", field = ""] = /^(\w+)\.(\d+)\.(.*)$/.exec(path) ?? [];
  if (!LISTS.has(list)) return path;
  return t(`summary.items.${list}`, { number: Number(index) + 1, field });
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
