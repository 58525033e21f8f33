/**
 * Messages outside React (mail, written by domain code and the workers): next-intl's own
 * translator over the same catalogs the pages read.
 */
import { createTranslator } from "use-intl/core";
import { DEFAULT_LOCALE, isLocale, type Locale } from "./locales";
import { messagesFor } from "./messages";

export type Translate = (key: string, values?: Record<string, string | number>) => string;

/** The translator of `namespace` in `locale`; English for a language we do not have. */
export function translatorFor(locale: string | null | undefined, namespace: string): Translate {
  const chosen: Locale = isLocale(locale) ? locale : DEFAULT_LOCALE;
  const translate = createTranslator({
    locale: chosen,
    messages: messagesFor(chosen),
    namespace,
  } as never) as (key: string, values?: Record<string, string | number>) => string;
  return (key, values) => translate(key, values);
}
