"use client";
import Link from "next/link";
import { usePathname } from "next/navigation";
import { type ReactNode, useEffect, useState } from "react";
import { type Counted, countedAny } from "@/lib/format";
import { useFormat } from "@/lib/i18n/use-format";

/** A navigation link that marks the current section (aria-current) for sight and screen readers. */
export function NavLink({
  href,
  count,
  plain,
  countClearsOnVisit,
  children,
}: {
  href: string;
  count?: Counted;
  /** A page outside the app's routes (a route handler's HTML): an ordinary link. */
  plain?: boolean;
  /**
   * Opening the page clears the count (the inbox's unread), but a client-side navigation does not
   * draw the layout again: the count it drew (this value identifies that drawing) is hidden from the
   * visit on, and shown again only when a new drawing brings a fresh count.
   */
  countClearsOnVisit?: string;
  children: ReactNode;
}) {
  const pathname = usePathname();
  const format = useFormat();
  const current = pathname === href || pathname.startsWith(`${href}/`);
  const look = `inline-flex items-center gap-2 rounded-md px-3 py-1.5 text-sm font-medium ${
    current ? "bg-blue-50 text-blue-800" : "text-slate-700 hover:bg-slate-100"
  }`;
  const [cleared, setCleared] = useState<string | null>(null);
  useEffect(() => {
    if (current && countClearsOnVisit !== undefined) setCleared(countClearsOnVisit);
  }, [current, countClearsOnVisit]);
  const visited = countClearsOnVisit !== undefined && (current || cleared === countClearsOnVisit);
  if (plain)
    return (
      <a href={href} className={look}>
        {children}
      </a>
    );
  return (
    <Link href={href} aria-current={current ? "page" : undefined} className={look}>
      {children}
      {count !== undefined && countedAny(count) && !visited && (
        <span className="rounded-full bg-blue-700 px-1.5 text-xs text-white">
          {format.cappedCount(count)}
        </span>
      )}
    </Link>
  );
}
