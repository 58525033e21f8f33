/**
 * The frame of both portals: product name, the section's navigation, who is signed in, sign-out.
 * Navigation wraps below the title on narrow screens.
 */

import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { LocaleSwitcher } from "@/components/i18n/locale-switcher";
import type { PortalUser } from "@/lib/auth/session";
import type { Counted } from "@/lib/format";
import { NavLink } from "./nav-link";
import { SignOutButton } from "./sign-out-button";

export interface NavItem {
  href: string;
  label: string;
  /** A number shown beside the label (e.g. pending requests). */
  count?: Counted;
  /** A page the portal's app does not render (the API reference, /docs): a plain link, no client navigation. */
  plain?: boolean;
  /**
   * The page clears the count when opened (the inbox): when the layout drew it (each drawing's own
   * value). The count is hidden from the visit on until the layout draws a fresh count.
   */
  countClearsOnVisit?: string;
}

export function AppShell({
  user,
  organisation,
  nav,
  controls,
  banner,
  children,
}: {
  user: PortalUser;
  organisation?: string;
  nav: NavItem[];
  /** Beside who is signed in (the provider portal's live/test switch). */
  controls?: ReactNode;
  /** Above the header on every page (the provider portal's test-mode banner). */
  banner?: ReactNode;
  children: ReactNode;
}) {
  const t = useTranslations("shell");
  return (
    <div className="min-h-screen">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
      >
        {t("skipToContent")}
      </a>
      {banner}
      <header className="border-b border-slate-200 bg-white">
        <div className="mx-auto flex max-w-6xl flex-wrap items-center gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
          <Link href="/" className="text-base font-semibold text-slate-900">
            {t("productName")}
          </Link>
          <nav aria-label={t("mainNavigation")} className="order-3 w-full sm:order-none sm:w-auto">
            <ul className="flex flex-wrap gap-1">
              {nav.map((item) => (
                <li key={item.href}>
                  <NavLink
                    href={item.href}
                    count={item.count}
                    plain={item.plain}
                    countClearsOnVisit={item.countClearsOnVisit}
                  >
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="ms-auto flex flex-wrap items-center gap-3 text-sm">
            {controls}
            <LocaleSwitcher signedIn />
            <span className="hidden text-end text-slate-600 sm:block">
              <span className="block font-medium text-slate-800">{user.name}</span>
              {organisation && <span className="block text-xs">{organisation}</span>}
            </span>
            <SignOutButton />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {children}
      </main>
    </div>
  );
}
