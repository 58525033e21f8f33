/**
 * A react-hook-form resolver for a form whose values are not the contract's input: it judges what
 * the form would send (the contract's schema over `toInput(values)`) and puts each problem at the
 * form field its path names, so the form refuses exactly what its action refuses.
 */
import { toNestErrors } from "@hookform/resolvers";
import type { FieldError, FieldErrors, FieldValues, Resolver } from "react-hook-form";
import type { z } from "zod";
import { fieldErrors } from "../contract/issues";

/** `deliveryOptions[0].fieldName` (the contract's paths) → `deliveryOptions.0.fieldName` (the form's). */
export const formPath = (path: string) => path.replace(/\[(\d+)\]/g, ".$1");

export function contractResolver<V extends FieldValues>(
  schema: z.ZodType,
  toInput: (values: V) => unknown,
  /** The field a problem's path shows at, when the form's fields are not named by the contract's paths. */
  toField: (path: string) => string = formPath,
): Resolver<V> {
  return async (values, _context, options) => {
    const problems = Object.entries(fieldErrors(schema, toInput(values)));
    if (problems.length === 0) return { values, errors: {} };
    const flat: Record<string, FieldError> = {};
    for (const [path, message] of problems) flat[toField(path)] ??= { type: "validate", message };
    return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<V> };
  };
}
