"use client";
/** The channel form's ordered lists: contacts and delivery options, each added, moved and removed. */
import { useTranslations } from "next-intl";
import { useFieldArray, useWatch } from "react-hook-form";
import { Button } from "@/components/ui/button";
import { FieldError, TextInput } from "@/components/ui/field";
import { Card } from "@/components/ui/page";
import { DeliveryOptionPreview } from "./delivery-option-preview";
import { emptyDeliveryOption } from "./form-values";
import type { SectionProps } from "./section-props";

/** Labels are under contacts.fields.<name> and deliveryOptions.fields.<name> in the catalog. */
const CONTACT_FIELDS: Array<{ name: "name" | "email" | "phone"; type?: "email" }> = [
  { name: "name" },
  { name: "email", type: "email" },
  { name: "phone" },
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
  inputMode?: "numeric";
  className?: string;
  /** A pattern reads left to right on a right-to-left page too. */
  dir?: "ltr";
  wide?: boolean;
}> = [
  { name: "fieldLabel" },
  { name: "fieldName" },
  { name: "dataType" },
  { name: "defaultValue" },
  { name: "fieldMinLength", inputMode: "numeric" },
  { name: "fieldMaxLength", inputMode: "numeric" },
  { name: "validationRegex", className: "font-mono", dir: "ltr", wide: true },
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
  /** Which list: its buttons' names are under <what>.move… in the catalog. */
  what: "contacts" | "deliveryOptions";
}) {
  const t = useTranslations("channelForm");
  const number = index + 1;
  return (
    <div className="flex gap-1">
      <Button
        variant="ghost"
        aria-label={t(`${what}.moveUp`, { number })}
        disabled={index === 0}
        onClick={() => move(index, index - 1)}
      >
        ↑
      </Button>
      <Button
        variant="ghost"
        aria-label={t(`${what}.moveDown`, { number })}
        disabled={index === count - 1}
        onClick={() => move(index, index + 1)}
      >
        ↓
      </Button>
      <Button variant="ghost" aria-label={t(`${what}.remove`, { number })} onClick={() => remove(index)}>
        {t("remove")}
      </Button>
    </div>
  );
}

export function ContactsSection({ control, register, error }: SectionProps) {
  const t = useTranslations("channelForm");
  const { fields, append, remove, move } = useFieldArray({ control, name: "contacts" });
  return (
    <Card
      title={t("contacts.title")}
      actions={
        <Button variant="secondary" onClick={() => append({ name: "", email: "", phone: "" })}>
          {t("contacts.add")}
        </Button>
      }
    >
      {fields.length === 0 && <p className="text-sm text-slate-600">{t("contacts.none")}</p>}
      <ol className="space-y-4">
        {fields.map((field, index) => (
          <li key={field.id} className="rounded-md border border-slate-200 p-3">
            <div className="mb-2 flex items-center justify-between">
              <span className="text-sm font-medium">{t("contacts.item", { number: index + 1 })}</span>
              <MoveButtons index={index} count={fields.length} move={move} remove={remove} what="contacts" />
            </div>
            <div className="grid gap-3 md:grid-cols-3">
              {CONTACT_FIELDS.map(({ name, type }) => (
                <TextInput
                  key={name}
                  label={t(`contacts.fields.${name}`)}
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
  const t = useTranslations("channelForm");
  const { fields, append, remove, move } = useFieldArray({ control, name: "deliveryOptions" });
  const options = useWatch({ control, name: "deliveryOptions" });
  return (
    <Card
      title={t("deliveryOptions.title")}
      actions={
        <Button variant="secondary" onClick={() => append(emptyDeliveryOption())}>
          {t("deliveryOptions.add")}
        </Button>
      }
    >
      <p className="mb-4 text-sm text-slate-600">{t("deliveryOptions.intro")}</p>
      {fields.length === 0 && <p className="text-sm text-slate-600">{t("deliveryOptions.none")}</p>}
      <ol className="space-y-4">
        {fields.map((field, index) => {
          return (
            <li key={field.id} className="rounded-md border border-slate-200 p-3">
              <div className="mb-2 flex items-center justify-between">
                <span className="text-sm font-medium">
                  {t("deliveryOptions.item", { number: index + 1 })}
                </span>
                <MoveButtons
                  index={index}
                  count={fields.length}
                  move={move}
                  remove={remove}
                  what="deliveryOptions"
                />
              </div>
              <div className="grid gap-4 lg:grid-cols-[1fr_18rem]">
                <div className="grid gap-3 md:grid-cols-2">
                  {OPTION_FIELDS.map(({ name, wide, ...input }) => (
                    <div key={name} className={wide ? "md:col-span-2" : undefined}>
                      <TextInput
                        label={t(`deliveryOptions.fields.${name}`)}
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
                    {t("deliveryOptions.required")}
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
