import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getMessages, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { isLocale, localeDirection } from "@/lib/i18n/locales";
import { Providers } from "./providers";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shell");
  const product = t("productName");
  return { title: { default: product, template: `%s · ${product}` }, description: t("productDescription") };
}

/**
 * Namespaces only the server reads, left out of what every page sends the browser: the lookups'
 * names (the form's loader names its values on the server) and the letters.
 */
const SERVER_ONLY_NAMESPACES = new Set(["lookups", "mail"]);

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  const messages = Object.fromEntries(
    Object.entries(await getMessages()).filter(([namespace]) => !SERVER_ONLY_NAMESPACES.has(namespace)),
  );
  return (
    <html lang={locale} dir={isLocale(locale) ? localeDirection(locale) : "ltr"}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {/* Client components read their messages and the language from here. */}
        <NextIntlClientProvider messages={messages}>
          <Providers>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
