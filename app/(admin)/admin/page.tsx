import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { WaitingForYou } from "@/components/shell/waiting-for-you";
import { PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { consoleCounts, waitingInConsole } from "@/lib/domain/home";
import { getFormat } from "@/lib/i18n/get-format";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminConsole.home");
  return { title: t("title") };
}

export default async function AdminHomePage() {
  const user = await requirePlatformUser();
  const [counts, waiting] = await Promise.all([consoleCounts(user.actor), waitingInConsole(user.actor)]);
  const t = await getTranslations("adminConsole.home");
  const format = await getFormat();
  // What waits for this person comes first (by their roles); then the platform at a glance.
  const tiles = [
    { href: "/admin/channels", label: t("channels"), value: counts.channels },
    { href: "/admin/providers", label: t("providers"), value: counts.providers },
  ];
  return (
    <>
      <PageHeader help={<HelpLink page="console.home" />} title={t("title")} description={t("description")} />
      <WaitingForYou waiting={waiting} />
      <h2 className="mb-3 text-lg font-semibold text-slate-900">{t("atAGlance")}</h2>
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
