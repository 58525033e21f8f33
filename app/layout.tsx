import type { Metadata } from "next";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import type { ReactNode } from "react";
import { isLocale, localeDirection } from "@/lib/i18n/locales";
import { Providers } from "./providers";
import "./globals.css";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("shell");
  const product = t("productName");
  return { title: { default: product, template: `%s · ${product}` }, description: t("productDescription") };
}

export default async function RootLayout({ children }: { children: ReactNode }) {
  const locale = await getLocale();
  return (
    <html lang={locale} dir={isLocale(locale) ? localeDirection(locale) : "ltr"}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        {/* Client components read their messages and the language from here. */}
        <NextIntlClientProvider>
          <Providers>{children}</Providers>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
