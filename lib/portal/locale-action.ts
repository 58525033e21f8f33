"use server";
/**
 * The language switcher's action for a signed-in user: their choice goes on their profile. Public in
 * form (any signed-in user, whatever their roles, chooses their own language); server/index.ts refuses
 * it, as every action, without a session.
 */
import { chooseLocale, localeChoiceSchema } from "../i18n/choose-locale";
import { definePublicAction } from "./define-public-action";

export const chooseLocaleAction = definePublicAction({
  input: localeChoiceSchema,
  run: ({ locale }) => chooseLocale(locale),
});
