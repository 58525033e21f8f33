/** lib/format.ts bound to the request's language, in async server components. */
import "server-only";
import { getLocale, getTranslations } from "next-intl/server";
import { commodityName, type Formatter, formatterFor, namingUnits } from "../format";

export async function getFormat(): Promise<Formatter> {
  return namingUnits(formatterFor(await getLocale()), commodityName(await getTranslations("lookups")));
}
