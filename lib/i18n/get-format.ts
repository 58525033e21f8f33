/** lib/format.ts bound to the request's language, in async server components. */
import "server-only";
import { getLocale } from "next-intl/server";
import { type Formatter, formatterFor } from "../format";

export async function getFormat(): Promise<Formatter> {
  return formatterFor(await getLocale());
}
