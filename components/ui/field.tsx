/**
 * A labelled form control with its error at the field. The error is linked by aria-describedby and
 * marks the control aria-invalid, so screen readers announce it with the control.
 */
import { type ComponentPropsWithRef, createElement, type ReactNode, useId } from "react";
import { useValidationText } from "@/lib/i18n/use-validation-text";

export const inputClass =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm placeholder:text-slate-400 focus:border-blue-600 focus:outline-2 focus:outline-blue-600 aria-[invalid=true]:border-red-600 disabled:bg-slate-100";

export function Field({
  label,
  error,
  hint,
  htmlFor,
  children,
}: {
  label: ReactNode;
  error?: string;
  hint?: ReactNode;
  htmlFor: string;
  children: ReactNode;
}) {
  return (
    <div className="space-y-1">
      <label htmlFor={htmlFor} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <FieldNotes id={htmlFor} hint={hint} error={error} />
    </div>
  );
}

/** A control's hint, or its error instead: ids `<id>-hint` and `<id>-error` for aria-describedby. */
export function FieldNotes({ id, hint, error }: { id: string; hint?: ReactNode; error?: string }) {
  return (
    <>
      {hint && !error && (
        <p id={`${id}-hint`} className="text-xs text-slate-500">
          {hint}
        </p>
      )}
      <FieldError id={`${id}-error`} message={error} />
    </>
  );
}

export function FieldError({ id, message }: { id?: string; message?: string }) {
  const inReadersLanguage = useValidationText();
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm text-red-700">
      {inReadersLanguage(message)}
    </p>
  );
}

type Labelled = { label: ReactNode; error?: string; hint?: ReactNode };

/** The id and the aria attributes that tie a control to its label, hint and error. */
function useControl(id: string | undefined, error?: string, hint?: ReactNode) {
  const generated = useId();
  const controlId = id ?? generated;
  const describedBy = error ? `${controlId}-error` : hint ? `${controlId}-hint` : undefined;
  return {
    id: controlId,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": describedBy,
  } as const;
}

type ControlTag = "input" | "select" | "textarea";
type ControlProps<T extends ControlTag> = ComponentPropsWithRef<T> & Labelled;

/** A control inside a Field; `ref` is a prop (React 19), so react-hook-form's register() works on it. */
function LabelledControl<T extends ControlTag>({
  tag,
  label,
  error,
  hint,
  id,
  className = "",
  ...props
}: ControlProps<T> & { tag: T }) {
  const control = useControl(id, error, hint);
  return (
    <Field label={label} error={error} hint={hint} htmlFor={control.id}>
      {createElement(tag, { ...control, className: `${inputClass} ${className}`, ...props })}
    </Field>
  );
}

/** An <input> inside a Field. */
export const TextInput = (props: ControlProps<"input">) => <LabelledControl tag="input" {...props} />;
/** A <select> inside a Field; its options are the children. */
export const SelectInput = (props: ControlProps<"select">) => <LabelledControl tag="select" {...props} />;
/** A <textarea> inside a Field. */
export const TextArea = (props: ControlProps<"textarea">) => <LabelledControl tag="textarea" {...props} />;
