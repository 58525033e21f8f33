/**
 * The reviewer's diff in the product's words (issue 30, findings 4 and 5): a changed field by the
 * name the channel form and page give it ("Delivery option 2 › Label", not
 * `deliveryOptions[1].fieldLabel`), a lookup code by its name, the budget's amount in the one amount
 * format. A path the catalog cannot name shows as it is.
 */
import { useTranslations } from "next-intl";
import { AVAILABILITY_LOOKUPS, useLookupName } from "@/components/channels/lookup-named";
import type { LookupKey } from "@/lib/contract/lookup-schema";
import { toMinor } from "@/lib/domain/money";
import { useFormat } from "@/lib/i18n/use-format";

const SEPARATOR = " › ";
const LIST_ITEM = /^(contacts|deliveryOptions)\[(\d+)\](?:\.(\w+))?$/;
const LOOKUP_OF_PATH = new Map<string, LookupKey>([
  ...AVAILABILITY_LOOKUPS.map(([key, lookup]) => [`availability.${key}`, lookup] as const),
  ["budget.currency", "Currency"],
  ["budget.commodity", "Commodity"],
]);

/** A changed field's name for a path of diffContent (lib/domain/channels/diff-content.ts). */
export function useDiffFieldName() {
  const content = useTranslations("channels.content");
  const form = useTranslations("channelForm");
  return (path: string): string => {
    const [top = "", leaf] = path.split(/\.(.*)/s);
    const item = LIST_ITEM.exec(path);
    if (item) {
      const [, list = "", index = "0", field] = item;
      const number = Number(index) + 1;
      const itemName =
        list === "contacts" ? form("contacts.item", { number }) : form("deliveryOptions.item", { number });
      if (!field) return itemName;
      const fieldKey = list === "contacts" ? `contacts.fields.${field}` : `deliveryOptions.fields.${field}`;
      const fieldName =
        field === "isRequired"
          ? form("deliveryOptions.required")
          : form.has(fieldKey)
            ? form(fieldKey)
            : field;
      return `${itemName}${SEPARATOR}${fieldName}`;
    }
    if (top === "name" || top === "shortDescription") {
      const section = content(top);
      return leaf === "language" ? `${section}${SEPARATOR}${form("translation.language")}` : section;
    }
    if (top === "availability" && leaf && content.has(`availability.${leaf}`))
      return content(`availability.${leaf}`);
    if (top === "budget" && leaf) {
      const part =
        leaf === "amount"
          ? form("budget.amount")
          : leaf === "currency"
            ? form("budget.Currency.label")
            : leaf === "commodity"
              ? form("budget.Commodity.label")
              : leaf;
      return `${content("budget")}${SEPARATOR}${part}`;
    }
    if (top === "callCenter" && leaf && form.has(`callCenter.${leaf}`))
      return `${content("callCenter")}${SEPARATOR}${form(`callCenter.${leaf}`)}`;
    if (!leaf && content.has(top) && typeof top === "string") return content(top);
    return path;
  };
}

/**
 * A changed value as the page shows it, or undefined for the diff's own display: a lookup code by
 * its name, the budget's amount with its unit (`unit`: the budget's currency or commodity on that side).
 */
export function useDiffValue() {
  const nameOf = useLookupName();
  const format = useFormat();
  return (path: string, value: unknown, unit?: string | null): string | undefined => {
    const lookup = LOOKUP_OF_PATH.get(path);
    if (lookup && typeof value === "string") return nameOf(lookup, value) ?? undefined;
    if (path === "budget.amount" && typeof value === "number") {
      try {
        return unit ? format.amount(toMinor(value), unit) : format.decimal(value);
      } catch {
        return undefined;
      }
    }
    return undefined;
  };
}
