"use client";
/**
 * Create or edit a delivery channel. react-hook-form holds the values; channelFormSchema (through
 * toChannelBody) judges them: the contract's channelBodySchema plus what a usable channel needs (a
 * name, a landing page, a category), so the form accepts a subset of what the API accepts. Enumerated fields are fed by the lookup values; lists of contacts and delivery
 * options can be added to, removed from and reordered.
 */
import { toNestErrors } from "@hookform/resolvers";
import Link from "next/link";
import { useState } from "react";
import {
  type Control,
  Controller,
  type FieldErrors,
  type Resolver,
  type UseFormRegister,
  useFieldArray,
  useForm,
  useWatch,
} from "react-hook-form";
import { toast } from "sonner";
import { AVAILABILITY_PAIRS } from "@/lib/contract/channel";
import { channelFormSchema } from "@/lib/contract/channel-form";
import type { RequestReceipt } from "@/lib/contract/envelope";
import { fieldErrors } from "@/lib/contract/issues";
import type { LookupKey } from "@/lib/contract/lookups";
import type { ActionResult } from "@/lib/portal/action-result";
import { Button } from "@/components/ui/button";
import { Field, FieldError, TextInput, inputClass } from "@/components/ui/field";
import { MultiSelect } from "@/components/ui/multi-select";
import { Card } from "@/components/ui/page";
import { ChannelIdField } from "./channel-id-field";
import { DeliveryOptionPreview } from "./delivery-option-preview";
import { ErrorSummary, RequiredMark } from "./error-summary";
import {
  type AvailabilityListKey,
  type ChannelFormValues,
  emptyDeliveryOption,
  toChannelBody,
} from "./form-values";
import { useLookup } from "./use-lookup";
import { callAction } from "@/lib/portal/call-action";

/** dotted body paths (`deliveryOptions[0].fieldName`) → react-hook-form's (`deliveryOptions.0.fieldName`) */
const channelResolver: Resolver<ChannelFormValues> = async (values, _context, options) => {
  const problems = fieldErrors(channelFormSchema, toChannelBody(values));
  if (Object.keys(problems).length === 0) return { values, errors: {} };
  const flat = Object.fromEntries(
    Object.entries(problems).map(([path, message]) => [
      path.replace(/\[(\d+)\]/g, ".$1"),
      { type: "validate", message },
    ]),
  );
  return { values: {}, errors: toNestErrors(flat as FieldErrors, options) as FieldErrors<ChannelFormValues> };
};

type ChannelAction = (input: unknown) => Promise<ActionResult<RequestReceipt>>;

export function ChannelForm({
  mode,
  initialValues,
  action,
}: {
  mode: "create" | "edit";
  initialValues: ChannelFormValues;
  action: ChannelAction;
}) {
  const [receipt, setReceipt] = useState<RequestReceipt>();
  const form = useForm<ChannelFormValues>({
    resolver: channelResolver,
    defaultValues: initialValues,
    mode: "onTouched",
    reValidateMode: "onChange",
  });
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting, submitCount },
  } = form;

  const onSubmit = async (values: ChannelFormValues) => {
    const result = await callAction(() => action(toChannelBody(values)));
    if (!result.ok) {
      for (const [path, message] of Object.entries(result.fieldErrors ?? {})) {
        setError(path.replace(/\[(\d+)\]/g, ".$1") as never, { type: "server", message });
      }
      toast.error(result.error);
      return;
    }
    setReceipt(result.data);
    toast.success("Your request was created and awaits approval.");
  };

  if (receipt) return <Receipt receipt={receipt} />;
  const error = (path: string) =>
    path
      .split(".")
      .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], errors) as
      | { message?: string }
      | undefined;

  return (
    <form
      onSubmit={handleSubmit(onSubmit, () => toast.error("Some fields need attention."))}
      noValidate
      className="space-y-6"
    >
      <Card title="The channel">
        <div className="grid gap-4 md:grid-cols-2">
          <ChannelIdField
            registration={register("providerDeliveryChannelId")}
            readOnly={mode === "edit"}
            error={error("providerDeliveryChannelId")?.message}
            onGenerate={(id) =>
              form.setValue("providerDeliveryChannelId", id, {
                shouldDirty: true,
                shouldTouch: true,
                shouldValidate: true,
              })
            }
          />
          <TextInput
            label={
              <>
                Landing page
                <RequiredMark />
              </>
            }
            aria-required
            placeholder="www.example.org"
            error={error("landingPage")?.message}
            {...register("landingPage")}
          />
          <TranslationFields label="Name" name="name" control={control} register={register} error={error} />
          <TranslationFields
            label="Short description (optional)"
            name="shortDescription"
            control={control}
            register={register}
            error={error}
          />
        </div>
      </Card>

      <AvailabilitySection control={control} error={error} />
      <BudgetSection control={control} register={register} error={error} />
      <ContactsSection control={control} register={register} error={error} />

      <Card title="Call center (optional)">
        <div className="grid gap-4 md:grid-cols-2">
          <TextInput
            label="Phone"
            error={error("callCenter.phone")?.message}
            {...register("callCenter.phone")}
          />
          <TextInput
            label="Email"
            type="email"
            error={error("callCenter.email")?.message}
            {...register("callCenter.email")}
          />
          <TextInput
            label="Website"
            error={error("callCenter.website")?.message}
            {...register("callCenter.website")}
          />
          <TextInput
            label="WhatsApp"
            error={error("callCenter.whatsapp")?.message}
            {...register("callCenter.whatsapp")}
          />
        </div>
      </Card>

      <DeliveryOptionsSection control={control} register={register} error={error} />
      <ErrorSummary errors={errors} submitted={submitCount > 0} />

      <div className="sticky bottom-0 -mx-4 flex items-center justify-end gap-3 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur">
        <Link href="/channels" className="text-sm text-slate-700 hover:underline">
          Cancel
        </Link>
        <Button type="submit" pending={isSubmitting}>
          {mode === "create" ? "Request the channel" : "Request the changes"}
        </Button>
      </div>
    </form>
  );
}

type ErrorAt = (path: string) => { message?: string } | undefined;
interface SectionProps {
  control: Control<ChannelFormValues>;
  register: UseFormRegister<ChannelFormValues>;
  error: ErrorAt;
}

function Receipt({ receipt }: { receipt: RequestReceipt }) {
  const href = `/channels/${encodeURIComponent(receipt.providerDeliveryChannelId)}`;
  return (
    <section aria-labelledby="receipt-title" className="rounded-lg border border-green-300 bg-green-50 p-6">
      <h2 id="receipt-title" className="text-lg font-semibold text-green-900">
        Your request was created and awaits approval
      </h2>
      <dl className="mt-3 grid gap-1 text-sm text-green-900 sm:grid-cols-[auto_1fr] sm:gap-x-4">
        <dt className="font-medium">Request</dt>
        <dd>{receipt.requestType}</dd>
        <dt className="font-medium">Channel id</dt>
        <dd className="font-mono break-all">{receipt.providerDeliveryChannelId}</dd>
        <dt className="font-medium">Requested</dt>
        <dd>{receipt.requestedDate}</dd>
      </dl>
      <div className="mt-4 flex gap-4 text-sm">
        <Link href={href} className="font-medium text-blue-800 underline">
          Open the channel
        </Link>
        <Link href="/channels" className="text-blue-800 underline">
          Back to the channels
        </Link>
      </div>
    </section>
  );
}

function LookupSelect({
  lookup,
  label,
  name,
  control,
  error,
  allowEmpty,
}: {
  lookup: LookupKey;
  label: string;
  name: "name.language" | "shortDescription.language" | "budget.currency" | "budget.commodity";
  control: Control<ChannelFormValues>;
  error?: string;
  allowEmpty?: string;
}) {
  const { options, loading } = useLookup(lookup);
  const id = `field-${name.replace(".", "-")}`;
  return (
    <Field label={label} htmlFor={id} error={error}>
      <Controller
        control={control}
        name={name}
        render={({ field }) => (
          <select
            id={id}
            className={inputClass}
            disabled={loading}
            aria-invalid={error ? true : undefined}
            {...field}
          >
            {allowEmpty !== undefined && <option value="">{allowEmpty}</option>}
            {loading && <option value={field.value}>Loading…</option>}
            {options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.value} — {option.translation}
              </option>
            ))}
          </select>
        )}
      />
    </Field>
  );
}

function TranslationFields({
  label,
  name,
  control,
  register,
  error,
}: SectionProps & { label: string; name: "name" | "shortDescription" }) {
  return (
    <fieldset className="space-y-2 md:col-span-2">
      <legend className="text-sm font-semibold text-slate-800">
        {label}
        {name === "name" && <RequiredMark />}
      </legend>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <LookupSelect
          lookup="Language"
          label="Language"
          name={`${name}.language`}
          control={control}
          error={error(`${name}.language`)?.message}
        />
        <TextInput
          label="Text"
          aria-required={name === "name" || undefined}
          error={error(`${name}.translation`)?.message}
          {...register(`${name}.translation`)}
        />
      </div>
    </fieldset>
  );
}

const AVAILABILITY_FIELDS: Array<{ key: AvailabilityListKey; label: string; lookup: LookupKey }> = [
  { key: "categoriesSupported", label: "Categories of assistance", lookup: "DeliveryChannelCategory" },
  { key: "countriesSupported", label: "Countries supported", lookup: "Country" },
  { key: "countriesExcluded", label: "Countries excluded", lookup: "Country" },
  { key: "nationalitiesSupported", label: "Nationalities supported", lookup: "Nationality" },
  { key: "nationalitiesExcluded", label: "Nationalities excluded", lookup: "Nationality" },
  { key: "kycSupported", label: "KYC documents supported", lookup: "Kyc" },
  { key: "kycExcluded", label: "KYC documents excluded", lookup: "Kyc" },
  { key: "currenciesSupported", label: "Currencies supported", lookup: "Currency" },
  { key: "currenciesExcluded", label: "Currencies excluded", lookup: "Currency" },
];

/** Excluded lists win over supported ones (eligibility): the form says so beside each pair. */
const PAIRED_LISTS = new Set<string>(AVAILABILITY_PAIRS.flat());

function AvailabilityList({
  field: spec,
  control,
  error,
}: {
  field: (typeof AVAILABILITY_FIELDS)[number];
  control: Control<ChannelFormValues>;
  error?: string;
}) {
  const { options, loading } = useLookup(spec.lookup);
  const paired = PAIRED_LISTS.has(spec.key);
  return (
    <Controller
      control={control}
      name={`availability.${spec.key}`}
      render={({ field }) => (
        <MultiSelect
          id={`availability-${spec.key}`}
          label={spec.label}
          options={options}
          loading={loading}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
          required={spec.key === "categoriesSupported"}
          hint={paired ? "A value on both lists is excluded. Empty: no restriction." : undefined}
        />
      )}
    />
  );
}

function AvailabilitySection({ control, error }: Omit<SectionProps, "register">) {
  return (
    <Card title="Availability">
      <p className="mb-4 text-sm text-slate-600">
        The platform offers this channel to beneficiaries whose country, nationality, KYC document and
        currency are supported and not excluded.
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        {AVAILABILITY_FIELDS.map((spec) => (
          <div key={spec.key} className={spec.key === "categoriesSupported" ? "md:col-span-2" : undefined}>
            <AvailabilityList
              field={spec}
              control={control}
              error={error(`availability.${spec.key}`)?.message}
            />
          </div>
        ))}
      </div>
    </Card>
  );
}

function BudgetSection({ control, register, error }: SectionProps) {
  return (
    <Card title="Budget (optional)">
      <p className="mb-4 text-sm text-slate-600">
        With an amount, the platform never sends more than it through this channel; without one, each
        program's virtual budget applies.
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        <LookupSelect
          lookup="Currency"
          label="Currency"
          name="budget.currency"
          control={control}
          allowEmpty="No currency"
          error={error("budget.currency")?.message}
        />
        <LookupSelect
          lookup="Commodity"
          label="Commodity"
          name="budget.commodity"
          control={control}
          allowEmpty="No commodity"
          error={error("budget.commodity")?.message}
        />
        <TextInput
          label="Amount"
          inputMode="decimal"
          error={error("budget.amount")?.message}
          {...register("budget.amount")}
        />
      </div>
    </Card>
  );
}

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

function ContactsSection({ control, register, error }: SectionProps) {
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
              <TextInput
                label="Name"
                error={error(`contacts.${index}.name`)?.message}
                {...register(`contacts.${index}.name`)}
              />
              <TextInput
                label="Email"
                type="email"
                error={error(`contacts.${index}.email`)?.message}
                {...register(`contacts.${index}.email`)}
              />
              <TextInput
                label="Phone"
                error={error(`contacts.${index}.phone`)?.message}
                {...register(`contacts.${index}.phone`)}
              />
            </div>
          </li>
        ))}
      </ol>
    </Card>
  );
}

function DeliveryOptionsSection({ control, register, error }: SectionProps) {
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
          const at = (name: string) => `deliveryOptions.${index}.${name}` as const;
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
                  <TextInput
                    label="Label"
                    error={error(at("fieldLabel"))?.message}
                    {...register(`deliveryOptions.${index}.fieldLabel`)}
                  />
                  <TextInput
                    label="Field name"
                    error={error(at("fieldName"))?.message}
                    {...register(`deliveryOptions.${index}.fieldName`)}
                  />
                  <TextInput
                    label="Data type"
                    error={error(at("dataType"))?.message}
                    {...register(`deliveryOptions.${index}.dataType`)}
                  />
                  <TextInput
                    label="Default value"
                    error={error(at("defaultValue"))?.message}
                    {...register(`deliveryOptions.${index}.defaultValue`)}
                  />
                  <TextInput
                    label="Minimum length"
                    inputMode="numeric"
                    error={error(at("fieldMinLength"))?.message}
                    {...register(`deliveryOptions.${index}.fieldMinLength`)}
                  />
                  <TextInput
                    label="Maximum length"
                    inputMode="numeric"
                    error={error(at("fieldMaxLength"))?.message}
                    {...register(`deliveryOptions.${index}.fieldMaxLength`)}
                  />
                  <div className="md:col-span-2">
                    <TextInput
                      label="Validation regex"
                      className="font-mono"
                      error={error(at("validationRegex"))?.message}
                      {...register(`deliveryOptions.${index}.validationRegex`)}
                    />
                  </div>
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
