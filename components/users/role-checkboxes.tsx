/**
 * The roles a form offers, as labelled checkboxes with what each role may do (lib/contract/roles.ts).
 * A fieldset with a legend; its error is announced (role="alert") and tied to the group.
 */
import { useTranslations } from "next-intl";
import { useId } from "react";
import type { UseFormRegisterReturn } from "react-hook-form";
import { FieldError } from "@/components/ui/field";
import type { UserRole } from "@/lib/contract/roles";

export function RoleCheckboxes({
  legend,
  roles,
  register,
  error,
}: {
  legend: string;
  roles: readonly UserRole[];
  register: UseFormRegisterReturn;
  error?: string;
}) {
  const t = useTranslations("users");
  const id = useId();
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 space-y-2">
        {roles.map((role) => (
          <label key={role} className="flex items-start gap-2 text-sm">
            <input type="checkbox" value={role} className="mt-1 size-4 shrink-0" {...register} />
            <span>
              <span className="font-medium text-slate-900">{t(`role.${role}`)}</span>
              <span className="block text-xs text-slate-600">{t(`roleSummary.${role}`)}</span>
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`} message={error} />
    </fieldset>
  );
}
