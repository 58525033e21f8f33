/** lib/format.ts bound to the page's language, in client and synchronous server components. */
import { useLocale } from "next-intl";
import { type Formatter, formatterFor } from "../format";

export function useFormat(): Formatter {
  return formatterFor(useLocale());
}
