"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { type Counted, countedAny } from "@/lib/format";
import { useFormat } from "@/lib/i18n/use-format";

/** A navigation link that marks the current section (aria-current) for sight and screen readers. */
export function NavLink({
  href,
  count,
  countClearsOnVisit = false,
  children,
}: {
  href: string;
  count?: Counted;
  /** The count is read on the page itself (the inbox's unread): hidden while it is open. */
  countClearsOnVisit?: boolean;
  children: ReactNode;
}) {
  const pathname = usePathname();
  const format = useFormat();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium ${
        current ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-100"
      }`}
    >
      {children}
      {count !== undefined && countedAny(count) && !(countClearsOnVisit && current) && (
        <span className="rounded-full bg-blue-700 px-1.5 text-xs text-white">
          {format.cappedCount(count)}
        </span>
      )}
    </Link>
  );
}
