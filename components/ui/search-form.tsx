/** A list page's search: a GET form, so the term lands in `?q=` and the page renders the results. */
import { useTranslations } from "next-intl";
import { buttonClass } from "./button";
import { inputClass } from "./field";

export function SearchForm({
  action,
  id,
  label,
  placeholder,
  term,
}: {
  action: string;
  id: string;
  label: string;
  placeholder: string;
  term: string;
}) {
  const t = useTranslations("ui");
  return (
    <search className="mb-4">
      <form method="get" action={action} className="flex gap-2">
        <label htmlFor={id} className="sr-only">
          {label}
        </label>
        <input
          id={id}
          name="q"
          type="search"
          defaultValue={term}
          placeholder={placeholder}
          className={`${inputClass} max-w-md`}
        />
        <button type="submit" className={buttonClass("secondary")}>
          {t("search")}
        </button>
      </form>
    </search>
  );
}
