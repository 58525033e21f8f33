/**
 * A signed-in user's choice of language, kept on their profile so that their pages (in any
 * browser) and their mail follow it. The browser's own choice is its `locale` cookie, which the
 * switcher writes (components/i18n/locale-switcher.tsx).
 */
import "server-only";
import { z } from "zod";
import { currentUser } from "../auth/session";
import { db } from "../db";
import { LOCALES, type Locale } from "./locales";

export const localeChoiceSchema = z.object({ locale: z.enum(LOCALES) }).strict();

export async function chooseLocale(locale: Locale): Promise<void> {
  const user = await currentUser();
  if (user) await db().user.update({ where: { id: user.id }, data: { locale } });
}
