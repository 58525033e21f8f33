"use client";
/**
 * zod's own messages (text typed where a number goes, say) in the reader's language, in the browser
 * only: there the forms check their input before sending it. The server's zod keeps English, the
 * API's language. The contract's own messages are translated by key (lib/i18n/validation-text.ts).
 */
import { useLocale } from "next-intl";
import { useEffect } from "react";
import { z } from "zod";
import { ar, en, es, fr, ru, uk } from "zod/v4/locales";
import { isLocale, type Locale } from "@/lib/i18n/locales";

const ZOD_LOCALES: Record<Locale, typeof en> = { ar, en, es, fr, ru, uk };

export function useZodLocale() {
  const locale = useLocale();
  useEffect(() => {
    z.config((isLocale(locale) ? ZOD_LOCALES[locale] : en)());
  }, [locale]);
}
