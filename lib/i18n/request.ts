/** next-intl's per-request configuration (next.config.js points here): the language and its messages. */
import { getRequestConfig } from "next-intl/server";
import { messagesFor } from "./messages";
import { requestLocale } from "./request-locale";

export default getRequestConfig(async () => {
  const locale = await requestLocale();
  // Dates are shown in UTC, saying so (lib/format.ts): the same on the server and in the browser.
  return { locale, messages: messagesFor(locale), timeZone: "UTC" };
});
