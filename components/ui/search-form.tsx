/** A list page's search: a GET form, so the term lands in `?q=` and the page renders the results. */
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
          Search
        </button>
      </form>
    </search>
  );
}
