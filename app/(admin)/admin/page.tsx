import type { Metadata } from "next";
import Link from "next/link";
import { PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { translatorSetting } from "@/lib/config";
import { consoleCounts } from "@/lib/domain/admin-console";
import { formatCappedCount } from "@/lib/format";

export const metadata: Metadata = { title: "Admin console" };

export default async function AdminHomePage() {
  const user = await requirePlatformUser();
  const counts = await consoleCounts(user.actor);
  const tiles = [
    { href: "/admin/requests", label: "Requests awaiting a decision", value: counts.pending },
    { href: "/admin/channels", label: "Channels", value: counts.channels },
    { href: "/admin/providers", label: "Provider organisations", value: counts.providers },
    {
      href: "/admin/channels",
      label: translatorSetting()
        ? "Translations queued or failed"
        : "Translations needing a human (no translator configured)",
      value: counts.translationsWaiting,
    },
  ];
  return (
    <>
      <PageHeader
        title="Admin console"
        description="Review channel requests, and manage providers and their channels."
      />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link
              href={tile.href}
              className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-300"
            >
              <span className="block text-3xl font-semibold text-slate-900">
                {formatCappedCount(tile.value)}
              </span>
              <span className="mt-1 block text-sm text-slate-600">{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
