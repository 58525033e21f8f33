"use client";
/** The channel form's controls fed by lookup values: languages, availability lists, the budget's unit. */
import { useTranslations } from "next-intl";
import { type Control, Controller } from "react-hook-form";
import { Field, inputClass, TextInput } from "@/components/ui/field";
import { MoneyInput } from "@/components/ui/money-input";
import { MultiSelect } from "@/components/ui/multi-select";
import { Card } from "@/components/ui/page";
import { AVAILABILITY_PAIRS } from "@/lib/contract/channel";
import type { LookupKey } from "@/lib/contract/lookup-schema";
import { RequiredMark } from "./error-summary";
import type { AvailabilityListKey, ChannelFormValues } from "./form-values";
import { useLookup } from "./lookups";
import type { SectionProps } from "./section-props";

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
  const t = useTranslations("channelForm");
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
            {loading && <option value={field.value}>{t("lookups.loading")}</option>}
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

export function TranslationFields({
  label,
  name,
  control,
  register,
  error,
}: SectionProps & { label: string; name: "name" | "shortDescription" }) {
  const t = useTranslations("channelForm");
  return (
    <fieldset className="space-y-2 md:col-span-2">
      <legend className="text-sm font-semibold text-slate-800">
        {label}
        {name === "name" && <RequiredMark />}
      </legend>
      <div className="grid gap-3 sm:grid-cols-[12rem_1fr]">
        <LookupSelect
          lookup="Language"
          label={t("translation.language")}
          name={`${name}.language`}
          control={control}
          error={error(`${name}.language`)?.message}
        />
        <TextInput
          label={t("translation.text")}
          aria-required={name === "name" || undefined}
          error={error(`${name}.translation`)?.message}
          {...register(`${name}.translation`)}
        />
      </div>
    </fieldset>
  );
}

/** Labels are under availability.fields.<key> in the catalog. */
const AVAILABILITY_FIELDS: Array<{ key: AvailabilityListKey; lookup: LookupKey }> = [
  { key: "categoriesSupported", lookup: "DeliveryChannelCategory" },
  { key: "countriesSupported", lookup: "Country" },
  { key: "countriesExcluded", lookup: "Country" },
  { key: "nationalitiesSupported", lookup: "Nationality" },
  { key: "nationalitiesExcluded", lookup: "Nationality" },
  { key: "kycSupported", lookup: "Kyc" },
  { key: "kycExcluded", lookup: "Kyc" },
  { key: "currenciesSupported", lookup: "Currency" },
  { key: "currenciesExcluded", lookup: "Currency" },
];

/** Excluded lists win over supported ones (eligibility): the form says so beside each pair. */
const PAIRED_LISTS = new Set<string>(Object.values(AVAILABILITY_PAIRS).flat());

function AvailabilityList({
  field: spec,
  control,
  error,
}: {
  field: (typeof AVAILABILITY_FIELDS)[number];
  control: Control<ChannelFormValues>;
  error?: string;
}) {
  const t = useTranslations("channelForm");
  const { options, loading } = useLookup(spec.lookup);
  const paired = PAIRED_LISTS.has(spec.key);
  return (
    <Controller
      control={control}
      name={`availability.${spec.key}`}
      render={({ field }) => (
        <MultiSelect
          id={`availability-${spec.key}`}
          label={t(`availability.fields.${spec.key}`)}
          options={options}
          loading={loading}
          value={field.value}
          onChange={field.onChange}
          onBlur={field.onBlur}
          error={error}
          required={spec.key === "categoriesSupported"}
          hint={paired ? t("availability.pairedHint") : undefined}
        />
      )}
    />
  );
}

export function AvailabilitySection({ control, error }: Omit<SectionProps, "register">) {
  const t = useTranslations("channelForm");
  return (
    <Card title={t("availability.title")}>
      <p className="mb-4 text-sm text-slate-600">{t("availability.intro")}</p>
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

const BUDGET_UNITS = [
  { lookup: "Currency", name: "budget.currency" },
  { lookup: "Commodity", name: "budget.commodity" },
] as const;

export function BudgetSection({ control, register, error }: SectionProps) {
  const t = useTranslations("channelForm");
  return (
    <Card title={t("budget.title")}>
      <p className="mb-4 text-sm text-slate-600">{t("budget.intro")}</p>
      <div className="grid gap-4 md:grid-cols-3">
        {BUDGET_UNITS.map(({ lookup, name }) => (
          <LookupSelect
            key={name}
            lookup={lookup}
            label={t(`budget.${lookup}.label`)}
            name={name}
            control={control}
            allowEmpty={t(`budget.${lookup}.none`)}
            error={error(name)?.message}
          />
        ))}
        <MoneyInput
          label={t("budget.amount")}
          error={error("budget.amount")?.message}
          {...register("budget.amount")}
        />
      </div>
    </Card>
  );
}
