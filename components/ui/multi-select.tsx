"use client";
/**
 * A searchable multi-select (WAI-ARIA combobox with a listbox): type to filter by code or name,
 * ArrowUp/ArrowDown to move, Enter to pick, Escape to close, Backspace in an empty box to remove the
 * last chip. Chosen values show as chips with their own remove buttons; "Select all" picks every
 * option the filter shows. Options can be disabled with a reason (e.g. chosen in the paired list).
 * `single` makes it a searchable single choice: picking replaces the chip and closes the list.
 */
import { useTranslations } from "next-intl";
import { useId, useMemo, useState } from "react";
import { FieldNotes, inputClass } from "./field";

export interface Option {
  value: string;
  translation: string;
}

interface MultiSelectProps {
  id?: string;
  label: string;
  options: readonly Option[];
  value: readonly string[];
  onChange: (value: string[]) => void;
  onBlur?: () => void;
  /** value → why it cannot be chosen here */
  disabledValues?: ReadonlyMap<string, string>;
  error?: string;
  hint?: string;
  loading?: boolean;
  /** Marks the label with an asterisk and the box aria-required. */
  required?: boolean;
  single?: boolean;
}

const MAX_SHOWN = 100;

export function MultiSelect({
  id,
  label,
  options,
  value,
  onChange,
  onBlur,
  disabledValues,
  error,
  hint,
  loading,
  required,
  single,
}: MultiSelectProps) {
  const t = useTranslations("ui.multiSelect");
  const generated = useId();
  const inputId = id ?? generated;
  const listId = `${inputId}-list`;
  const [query, setQuery] = useState("");
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const chosen = useMemo(() => new Set(value), [value]);
  const names = useMemo(
    () => new Map(options.map((option) => [option.value, option.translation])),
    [options],
  );

  const matches = useMemo(() => {
    const needle = query.trim().toLowerCase();
    return options.filter(
      (option) =>
        !needle ||
        option.value.toLowerCase().includes(needle) ||
        option.translation.toLowerCase().includes(needle),
    );
  }, [options, query]);
  const shown = matches.slice(0, MAX_SHOWN);

  const toggle = (option: Option) => {
    if (disabledValues?.has(option.value)) return;
    if (single) {
      onChange(chosen.has(option.value) ? [] : [option.value]);
      setOpen(false);
    } else {
      onChange(chosen.has(option.value) ? value.filter((v) => v !== option.value) : [...value, option.value]);
    }
    setQuery("");
  };
  const selectAll = () => {
    const addable = matches.filter(
      (option) => !chosen.has(option.value) && !disabledValues?.has(option.value),
    );
    onChange([...value, ...addable.map((option) => option.value)]);
  };

  const onKeyDown = (event: React.KeyboardEvent<HTMLInputElement>) => {
    if (event.key === "ArrowDown") {
      event.preventDefault();
      setOpen(true);
      setActive((index) => Math.min(index + 1, shown.length - 1));
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      setActive((index) => Math.max(index - 1, 0));
    } else if (event.key === "Enter") {
      if (!open || !shown[active]) return;
      event.preventDefault();
      toggle(shown[active]);
    } else if (event.key === "Escape") {
      setOpen(false);
    } else if (event.key === "Backspace" && !query && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  const describedBy =
    [error ? `${inputId}-error` : "", hint ? `${inputId}-hint` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="space-y-1">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
          {label}
          {required && (
            <span aria-hidden="true" className="text-red-700">
              {" "}
              *
            </span>
          )}
        </label>
        <div className="flex gap-2 text-xs">
          {!single && (
            <button
              type="button"
              className="text-blue-800 hover:underline"
              onClick={selectAll}
              disabled={loading}
            >
              {query ? t("selectAllShown") : t("selectAll")}
            </button>
          )}
          {value.length > 0 && (
            <button type="button" className="text-blue-800 hover:underline" onClick={() => onChange([])}>
              {t("clear")}
            </button>
          )}
        </div>
      </div>
      {value.length > 0 && (
        <ul className="flex flex-wrap gap-1" aria-label={t("chosen", { label })}>
          {value.map((code) => (
            <li
              key={code}
              className="inline-flex items-center gap-1 rounded-full bg-blue-50 py-0.5 ps-2 pe-1 text-xs text-blue-900 ring-1 ring-blue-200"
            >
              <span>
                <span className="font-mono">{code}</span>
                {names.get(code) && names.get(code) !== code ? ` ${names.get(code)}` : ""}
              </span>
              <button
                type="button"
                aria-label={t("remove", { code })}
                className="rounded-full px-1 text-blue-900 hover:bg-blue-100 focus-visible:outline-2 focus-visible:outline-blue-600"
                onClick={() => onChange(value.filter((v) => v !== code))}
              >
                ×
              </button>
            </li>
          ))}
        </ul>
      )}
      <div className="relative">
        <input
          id={inputId}
          role="combobox"
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={open && shown[active] ? `${listId}-${shown[active].value}` : undefined}
          aria-invalid={error ? true : undefined}
          aria-required={required || undefined}
          aria-describedby={describedBy}
          autoComplete="off"
          className={inputClass}
          placeholder={loading ? t("loadingValues") : t("typeToSearch")}
          value={query}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
            setOpen(true);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => {
            setOpen(false);
            onBlur?.();
          }}
          onKeyDown={onKeyDown}
        />
        {open && (
          <div
            id={listId}
            role="listbox"
            aria-multiselectable={!single}
            aria-label={label}
            className="absolute z-20 mt-1 max-h-64 w-full overflow-y-auto rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg"
          >
            {shown.length === 0 && (
              <li className="px-3 py-2 text-slate-500">{loading ? t("loading") : t("noMatch")}</li>
            )}
            {shown.map((option, index) => {
              const reason = disabledValues?.get(option.value);
              return (
                <div
                  key={option.value}
                  id={`${listId}-${option.value}`}
                  role="option"
                  // Focus stays in the input (aria-activedescendant); -1 keeps the option out of the tab order.
                  tabIndex={-1}
                  aria-selected={chosen.has(option.value)}
                  aria-disabled={reason ? true : undefined}
                  className={`flex cursor-pointer items-center gap-2 px-3 py-1.5 ${index === active ? "bg-blue-50" : ""} ${reason ? "cursor-not-allowed text-slate-400" : ""}`}
                  // mousedown, not click: the input's blur would close the list first.
                  onMouseDown={(event) => {
                    event.preventDefault();
                    toggle(option);
                  }}
                  onMouseEnter={() => setActive(index)}
                >
                  <span aria-hidden="true" className="w-4">
                    {chosen.has(option.value) ? "✓" : ""}
                  </span>
                  <span className="font-mono">{option.value}</span>
                  {option.translation !== option.value && <span>— {option.translation}</span>}
                  {reason && <span className="ms-auto text-xs">{reason}</span>}
                </div>
              );
            })}
            {matches.length > MAX_SHOWN && (
              <div className="px-3 py-1.5 text-xs text-slate-500">
                {/* A string, not a number: ICU would group its digits, which the English text never did. */}
                {t("moreMatches", { count: String(matches.length - MAX_SHOWN) })}
              </div>
            )}
          </div>
        )}
      </div>
      <FieldNotes id={inputId} hint={hint} error={error} />
    </div>
  );
}
