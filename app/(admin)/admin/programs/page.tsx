import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { CreateProgramForm } from "@/components/admin/program-forms";
import { namedOptions } from "@/components/channel-form/lookup-names";
import { HelpLink } from "@/components/help-link";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { Pager } from "@/components/ui/pager";
import { requirePlatformUser } from "@/lib/auth/session";
import { LOOKUPS } from "@/lib/domain/channels";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";
import { listPrograms } from "@/lib/domain/programs";
import { getFormat } from "@/lib/i18n/get-format";
import { createProgramAction } from "./program-actions";

/**
 * A program's unit by name (issue 30, finding 5): "Euro (EUR)", a currency's code kept for who
 * knows it; a commodity by its name alone ("Kilogram").
 */
async function unitChoices() {
  const [locale, catalog] = await Promise.all([getLocale(), getTranslations("lookups")]);
  const named = (key: "Currency" | "Commodity") => namedOptions(locale, key, LOOKUPS[key], catalog);
  return {
    currencies: named("Currency").map(([code, name]) => [code, `${name} (${code})`] as const),
    commodities: named("Commodity"),
  };
}

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("programs.list");
  return { title: t("title") };
}

export default async function ProgramsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const programs = await listPrograms(user.actor, pageQuery(await searchParams));
  const t = await getTranslations("programs.list");
  const units = await unitChoices();
  const format = await getFormat();
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.programs" />}
        title={t("heading")}
        description={t("description")}
      />
      <div className="space-y-6">
        {can(user.actor, "programs.manage") && (
          <Card title={t("create")}>
            <CreateProgramForm units={units} create={createProgramAction} />
          </Card>
        )}
        {programs.items.length === 0 ? (
          <EmptyState title={t("empty")} />
        ) : (
          <>
            <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
              {programs.items.map((program) => (
                <li key={program.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                  <Link
                    href={`/admin/programs/${program.id}`}
                    className="font-medium text-blue-800 hover:underline"
                  >
                    {program.name}
                  </Link>
                  <span className="text-sm text-slate-600">
                    {t("summary", {
                      channels: program._count.channels,
                      requests: program.requestCount,
                      remaining: program.budget
                        ? format.amount(
                            program.budget.limitMinor - program.budget.reservedMinor,
                            program.unit,
                          )
                        : "—",
                    })}
                  </span>
                </li>
              ))}
            </ul>
            <Pager basePath="/admin/programs" params={{}} paging={programs} unit={t("pagerUnit")} />
          </>
        )}
      </div>
    </>
  );
}
