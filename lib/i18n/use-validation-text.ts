/** A validation message in the reader's language (lib/i18n/validation-text.ts), for any component. */
import { useLocale, useTranslations } from "next-intl";
import { isLocale, localeDirection } from "./locales";
import { inReadersWords } from "./validation-text";

export function useValidationText(): (message: string) => string {
  const t = useTranslations("validation");
  const locale = useLocale();
  const isolate = isLocale(locale) && localeDirection(locale) === "rtl";
  return (message) => inReadersWords(message, t, { isolate });
}
