import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { translatorSetting } from "@/lib/config";
import { consoleCounts } from "@/lib/domain/admin-console";
import { getFormat } from "@/lib/i18n/get-format";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminConsole.home");
  return { title: t("title") };
}

export default async function AdminHomePage() {
  const user = await requirePlatformUser();
  const counts = await consoleCounts(user.actor);
  const t = await getTranslations("adminConsole.home");
  const format = await getFormat();
  const tiles = [
    { href: "/admin/requests", label: t("pending"), value: counts.pending },
    { href: "/admin/channels", label: t("channels"), value: counts.channels },
    { href: "/admin/providers", label: t("providers"), value: counts.providers },
    {
      href: "/admin/channels",
      label: translatorSetting() ? t("translationsWaiting") : t("translationsForHumans"),
      value: counts.translationsWaiting,
    },
  ];
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {tiles.map((tile) => (
          <li key={tile.label}>
            <Link
              href={tile.href}
              className="block rounded-lg border border-slate-200 bg-white p-5 shadow-sm hover:border-blue-300"
            >
              <span className="block text-3xl font-semibold text-slate-900">
                {format.cappedCount(tile.value)}
              </span>
              <span className="mt-1 block text-sm text-slate-600">{tile.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </>
  );
}
