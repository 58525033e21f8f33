/** A validation message in the reader's language (lib/i18n/validation-text.ts), for any component. */
import { useTranslations } from "next-intl";
import { inReadersWords } from "./validation-text";

export function useValidationText(): (message: string) => string {
  const t = useTranslations("validation");
  return (message) => inReadersWords(message, t);
}
