/**
 * Whose language a request is answered in: the signed-in user's own choice (kept on their profile,
 * so it follows them to any browser), else the switcher's cookie, else the browser's
 * Accept-Language, else English.
 */
import "server-only";
import { cookies, headers } from "next/headers";
import { cache } from "react";
import { currentUser } from "../auth/session";
import { isLocale, LOCALE_COOKIE, type Locale, matchAcceptLanguage } from "./locales";

export const requestLocale = cache(async (): Promise<Locale> => {
  const user = await currentUser();
  if (user?.locale) return user.locale;
  const chosen = (await cookies()).get(LOCALE_COOKIE)?.value;
  if (isLocale(chosen)) return chosen;
  return matchAcceptLanguage((await headers()).get("accept-language"));
});
