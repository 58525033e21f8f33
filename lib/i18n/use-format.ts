/** lib/format.ts bound to the page's language, in client and synchronous server components. */
import { useLocale, useTranslations } from "next-intl";
import { commodityName, type Formatter, formatterFor, namingUnits } from "../format";

export function useFormat(): Formatter {
  return namingUnits(formatterFor(useLocale()), commodityName(useTranslations("lookups")));
}
