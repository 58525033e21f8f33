/**
 * Lookup codes by their names (issue 30, finding 5): a country, category, identity document,
 * nationality, currency or commodity is shown by its name in the reader's language (Bulgaria, Cash,
 * National identity card), its code on hover for who works with codes. The channel page and the
 * reviewer's diff name them alike.
 */
import { useLocale, useTranslations } from "next-intl";
import { lookupName } from "@/components/channel-form/lookup-names";
import { ProviderText } from "@/components/ui/provider-text";
import type { ChannelView } from "@/lib/contract/channel";
import type { LookupKey } from "@/lib/contract/lookup-schema";
import { LOOKUPS } from "@/lib/domain/channels";
import { useFormat } from "@/lib/i18n/use-format";

/** Each lookup's English names by code. */
const ENGLISH_NAMES = new Map(
  Object.entries(LOOKUPS).map(([key, items]) => [
    key as LookupKey,
    new Map(items.map((item) => [item.lookUp, item.translation])),
  ]),
);

/** Each availability list and the lookup its values come from; its label is content.availability.<key>. */
export const AVAILABILITY_LOOKUPS: ReadonlyArray<readonly [keyof ChannelView["availability"], LookupKey]> = [
  ["categoriesSupported", "DeliveryChannelCategory"],
  ["countriesSupported", "Country"],
  ["countriesExcluded", "Country"],
  ["nationalitiesSupported", "Nationality"],
  ["nationalitiesExcluded", "Nationality"],
  ["kycSupported", "Kyc"],
  ["kycExcluded", "Kyc"],
  ["currenciesSupported", "Currency"],
  ["currenciesExcluded", "Currency"],
];

/** The name of `code` in `lookup`, in the reader's language; null for a code the lookup lacks. */
export function useLookupName() {
  const locale = useLocale();
  const catalog = useTranslations("lookups");
  return (lookup: LookupKey, code: string): string | null => {
    const english = ENGLISH_NAMES.get(lookup)?.get(code);
    return english ? lookupName(locale, lookup, code, english, catalog) : null;
  };
}

/**
 * A code by its name, `times` when it repeats; a code the lookup does not know is the provider's own
 * text and shows as it is, isolated.
 */
export function Named({ lookup, code, times = 1 }: { lookup?: LookupKey; code: string; times?: number }) {
  const nameOf = useLookupName();
  const format = useFormat();
  const repeated = times > 1 ? ` ×${format.count(times)}` : "";
  const name = lookup ? nameOf(lookup, code) : null;
  if (!name) return <ProviderText>{`${code}${repeated}`}</ProviderText>;
  return (
    <span title={code} data-code={code}>
      {`${name}${repeated}`}
    </span>
  );
}
