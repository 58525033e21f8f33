"use client";
/** The channel form's ordered lists: contacts and delivery options, each added, moved and removed. */
import { useFieldArray, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FieldError, TextInput } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { DeliveryOptionPreview } from "./delivery-option-preview";
import { emptyDeliveryOption } from "./form-values";
import type { SectionProps } from "./section-props";

const CONTACT_FIELDS: Array<{ name: "name" | "email" | "phone"; label: string; type?: "email" }> = [
  { name: "name", label: "Name" },
  { name: "email", label: "Email", type: "email" },
  { name: "phone", label: "Phone" },
];

/** A delivery option's text fields, in the order the form shows them. */
const OPTION_FIELDS: Array<{
  name:
    | "fieldLabel"
    | "fieldName"
    | "dataType"
    | "defaultValue"
    | "fieldMinLength"
    | "fieldMaxLength"
    | "validationRegex";
  label: string;
  inputMode?: "numeric";
  className?: string;
  wide?: boolean;
}> = [
  { name: "fieldLabel", label: "Label" },
  { name: "fieldName", label: "Field name" },
  { name: "dataType", label: "Data type" },
  { name: "defaultValue", label: "Default value" },
  { name: "fieldMinLength", label: "Minimum length", inputMode: "numeric" },
  { name: "fieldMaxLength", label: "Maximum length", inputMode: "numeric" },
  { name: "validationRegex", label: "Validation regex", className: "font-mono", wide: true },
];

function MoveButtons({
  index,
  count,
  move,
  remove,
  what,
}: {
  index: number;
  count: number;
  move: (from: number, to: number) => void;
  remove: (index: number) => void;
  what: string;
}) {
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        aria-label={`Move ${what} ${index + 1} up`}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
      >
        ↑
      </Button>
      <Button
        variant="ghost"
        aria-label={`Move ${what} ${index + 1} down`}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
      >
        ↓
      </Button>
      <Button variant="ghost" aria-label={`Remove ${what} ${index + 1}`} onClick={() => remove(index)}>
        Remove
      </Button>
    </div>
  );
}

export function ContactsSection({ control, register, error }: SectionProps) {
  const { fields, append, remove, move } = useFieldArray({ control, name: "contacts" });
  return (
    <Card
      title="Contacts (optional)"
      actions={
        <Button variant="secondary" onClick={() => append({ name: "", email: "", phone: "" })}>
          Add contact
        </Button>
      }
    >
      {fields.length === 0 && <p className="text-sm text-slate-600">No contacts.</p>}
      <ol className="space-y-4">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-md border border-slate-200 p-3">
            <div className="mb-2 flex items-center justify-between">
              <span className="text-sm font-medium">Contact {index + 1}</span>
              <MoveButtons index={index} count={fields.length} move={move} remove={remove} what="contact" />
            </div>
            <div className="grid gap-3 md:grid-cols-3">
              {CONTACT_FIELDS.map(({ name, label, type }) => (
                <TextInput
                  key={name}
                  label={label}
                  type={type}
                  error={error(`contacts.${index}.${name}`)?.message}
                  {...register(`contacts.${index}.${name}`)}
                />
              ))}
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

export function DeliveryOptionsSection({ control, register, error }: SectionProps) {
  const { fields, append, remove, move } = useFieldArray({ control, name: "deliveryOptions" });
  const options = useWatch({ control, name: "deliveryOptions" });
  return (
    <Card
      title="Delivery options"
      actions={
        <Button variant="secondary" onClick={() => append(emptyDeliveryOption())}>
          Add delivery option
        </Button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">
        What a delivery through this channel needs from each beneficiary (a phone number, an account…). The
        field name is the key of the value in delivery requests.
      </p>
      {fields.length === 0 && <p className="text-sm text-slate-600">No delivery options.</p>}
      <ol className="space-y-4">
        {fields.map((field, index) => {
          return (
            <li key={field.id} className="rounded-md border border-slate-200 p-3">
              <div className="mb-2 flex items-center justify-between">
                <span className="text-sm font-medium">Delivery option {index + 1}</span>
                <MoveButtons
                  index={index}
                  count={fields.length}
                  move={move}
                  remove={remove}
                  what="delivery option"
                />
              </div>
              <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
                <div className="grid gap-3 md:grid-cols-2">
                  {OPTION_FIELDS.map(({ name, label, wide, ...input }) => (
                    <div key={name} className={wide ? "md:col-span-2" : undefined}>
                      <TextInput
                        label={label}
                        {...input}
                        error={error(`deliveryOptions.${index}.${name}`)?.message}
                        {...register(`deliveryOptions.${index}.${name}`)}
                      />
                    </div>
                  ))}
                  <label className="flex items-center gap-2 text-sm">
                    <input
                      type="checkbox"
                      className="h-4 w-4"
                      {...register(`deliveryOptions.${index}.isRequired`)}
                    />
                    Required
                  </label>
                </div>
                {options?.[index] && <DeliveryOptionPreview option={options[index]} />}
              </div>
            </li>
          );
        })}
      </ol>
      <FieldError message={error("deliveryOptions")?.message} />
    </Card>
  );
}
