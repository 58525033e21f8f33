/**
 * The channel form's values and the request body they stand for. Inputs hold strings; the body is
 * what the contract's schema validates. An optional object left empty is sent absent (not as ""),
 * an empty list absent, numbers parsed — so the same channelBodySchema judges the form and the API.
 */
import { amountInputText, readAmountText } from "@/lib/amount-text";
import { AVAILABILITY_PAIRS, type ChannelBody } from "@/lib/contract/channel";
import { DEFAULT_LOCALE } from "@/lib/i18n/locales";

export interface TranslationValues {
  language: string;
  translation: string;
}

export interface DeliveryOptionValues {
  fieldLabel: string;
  fieldName: string;
  dataType: string;
  fieldMinLength: string;
  fieldMaxLength: string;
  defaultValue: string;
  validationRegex: string;
  isRequired: boolean;
}

/** Every list of availability: the categories, then each supported/excluded pair. */
export const AVAILABILITY_LIST_KEYS = [
  "categoriesSupported",
  ...Object.values(AVAILABILITY_PAIRS).flat(),
] as const;
export type AvailabilityListKey = (typeof AVAILABILITY_LIST_KEYS)[number];

export interface ChannelFormValues {
  providerDeliveryChannelId: string;
  name: TranslationValues;
  shortDescription: TranslationValues;
  landingPage: string;
  contacts: { name: string; email: string; phone: string }[];
  callCenter: { phone: string; email: string; website: string; whatsapp: string };
  availability: Record<AvailabilityListKey, string[]>;
  budget: { currency: string; commodity: string; amount: string };
  deliveryOptions: DeliveryOptionValues[];
}

export const emptyDeliveryOption = (): DeliveryOptionValues => ({
  fieldLabel: "",
  fieldName: "",
  dataType: "STRING",
  fieldMinLength: "",
  fieldMaxLength: "",
  defaultValue: "",
  validationRegex: "",
  isRequired: true,
});

export function emptyChannelValues(): ChannelFormValues {
  return {
    providerDeliveryChannelId: "",
    name: { language: "EN", translation: "" },
    shortDescription: { language: "EN", translation: "" },
    landingPage: "",
    contacts: [],
    callCenter: { phone: "", email: "", website: "", whatsapp: "" },
    availability: Object.fromEntries(AVAILABILITY_LIST_KEYS.map((key) => [key, []])) as unknown as Record<
      AvailabilityListKey,
      string[]
    >,
    budget: { currency: "", commodity: "", amount: "" },
    deliveryOptions: [],
  };
}

/** A number typed into a text box: kept as text when it is not a number, so the schema reports it. */
function numberOrText(value: string): number | string | undefined {
  const trimmed = value.trim();
  if (!trimmed) return undefined;
  const number = Number(trimmed);
  return Number.isNaN(number) ? trimmed : number;
}

const present = (value: string) => (value.trim() ? value : undefined);

/** The budget's amount as typed in the reader's language (lib/amount-text.ts); text when it is none. */
function amountOrText(value: string, locale: string): number | string | undefined {
  const amount = readAmountText(value, locale);
  if (amount === null) return undefined;
  return Number.isNaN(amount) ? value.trim() : amount;
}

/** Drops undefined entries so that the body holds only what the provider gave. */
function compact<T extends Record<string, unknown>>(object: T): Partial<T> {
  return Object.fromEntries(Object.entries(object).filter(([, value]) => value !== undefined)) as Partial<T>;
}

/** The API's body for the form's values, the budget's amount read as `locale` writes numbers. */
export function toChannelBody(
  values: ChannelFormValues,
  locale: string = DEFAULT_LOCALE,
): Record<string, unknown> {
  const callCenter = compact({
    phone: present(values.callCenter.phone),
    email: present(values.callCenter.email),
    website: present(values.callCenter.website),
    whatsapp: present(values.callCenter.whatsapp),
  });
  const budget = compact({
    currency: present(values.budget.currency),
    commodity: present(values.budget.commodity),
    amount: amountOrText(values.budget.amount, locale),
  });
  const availability = compact(
    Object.fromEntries(
      AVAILABILITY_LIST_KEYS.map((key) => [
        key,
        key === "categoriesSupported" || values.availability[key].length
          ? values.availability[key]
          : undefined,
      ]),
    ),
  );
  return compact({
    providerDeliveryChannelId: values.providerDeliveryChannelId.trim(),
    name: values.name,
    shortDescription: values.shortDescription.translation.trim() ? values.shortDescription : undefined,
    landingPage: values.landingPage.trim(),
    contacts: values.contacts.length ? values.contacts : undefined,
    callCenter: Object.keys(callCenter).length ? callCenter : undefined,
    availability,
    budget: Object.keys(budget).length ? budget : undefined,
    deliveryOptions: values.deliveryOptions.length
      ? values.deliveryOptions.map((option) =>
          compact({
            fieldLabel: option.fieldLabel,
            fieldName: option.fieldName,
            dataType: option.dataType,
            fieldMinLength: numberOrText(option.fieldMinLength),
            fieldMaxLength: numberOrText(option.fieldMaxLength),
            defaultValue: present(option.defaultValue),
            validationRegex: present(option.validationRegex),
            isRequired: option.isRequired,
          }),
        )
      : undefined,
  });
}

type Content = Omit<ChannelBody, "status">;

/** The form's values for editing a channel's current content. */
export function fromChannelContent(content: Content, locale: string = DEFAULT_LOCALE): ChannelFormValues {
  const empty = emptyChannelValues();
  const text = (value: string | null | undefined) => value ?? "";
  return {
    providerDeliveryChannelId: content.providerDeliveryChannelId,
    name: { ...content.name },
    shortDescription: content.shortDescription ? { ...content.shortDescription } : empty.shortDescription,
    landingPage: content.landingPage,
    contacts: (content.contacts ?? []).map((contact) => ({ ...contact })),
    callCenter: {
      phone: text(content.callCenter?.phone),
      email: text(content.callCenter?.email),
      website: text(content.callCenter?.website),
      whatsapp: text(content.callCenter?.whatsapp),
    },
    availability: Object.fromEntries(
      AVAILABILITY_LIST_KEYS.map((key) => [
        key,
        // Each value once: the lists are sets (the multi-select keeps them so), and a stored list of
        // 100,000 repeats would otherwise travel to the browser whole.
        [...new Set((content.availability[key] as string[] | null | undefined) ?? [])],
      ]),
    ) as unknown as Record<AvailabilityListKey, string[]>,
    budget: {
      currency: text(content.budget?.currency),
      commodity: text(content.budget?.commodity),
      amount: amountInputText(content.budget?.amount, locale),
    },
    deliveryOptions: (content.deliveryOptions ?? []).map((option) => ({
      fieldLabel: option.fieldLabel,
      fieldName: option.fieldName,
      dataType: option.dataType,
      fieldMinLength: option.fieldMinLength === undefined ? "" : String(option.fieldMinLength),
      fieldMaxLength: option.fieldMaxLength === undefined ? "" : String(option.fieldMaxLength),
      defaultValue: text(option.defaultValue),
      validationRegex: text(option.validationRegex),
      isRequired: option.isRequired,
    })),
  };
}
