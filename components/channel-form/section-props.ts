import type { Control, UseFormRegister } from "react-hook-form";
import type { ChannelFormValues } from "./form-values";

/** The error at a dotted form path (`deliveryOptions.0.fieldName`), if any. */
export type ErrorAt = (path: string) => { message?: string } | undefined;

/** What every section of the channel form gets from the form. */
export interface SectionProps {
  control: Control<ChannelFormValues>;
  register: UseFormRegister<ChannelFormValues>;
  error: ErrorAt;
}
