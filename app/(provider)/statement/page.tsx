import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { StatementProblems } from "@/components/reconciliation/statement-problems";
import { StatementTables } from "@/components/reconciliation/statement-table";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { FilterForm } from "@/components/ui/filter-select";
import { PageHeader } from "@/components/ui/page";
import { requireProviderUser } from "@/lib/auth/session";
import { periodOf, providerStatement } from "@/lib/domain/reconciliation";
import { portalStatementQuery, queryProblems } from "@/lib/portal/statement-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("statement");
  return { title: t("title") };
}

/** The provider's own statement of a period (issue 32): the figures the provider API answers too. */
export default async function PortalStatementPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireProviderUser();
  const t = await getTranslations("statement");
  const { shown, parsed } = portalStatementQuery(await searchParams);
  const units = parsed.success ? await providerStatement(user.actor, periodOf(parsed.data)) : null;
  return (
    <>
      <PageHeader
        help={<HelpLink page="provider.statement" />}
        title={t("title")}
        description={t("providerDescription")}
      />
      <FilterForm action="/statement">
        {(["from", "to"] as const).map((name) => (
          <label key={name} className="text-sm">
            <span className="mb-1 block font-medium text-slate-800">{t(`filters.${name}`)}</span>
            <input name={name} type="date" defaultValue={shown[name]} className={inputClass} />
          </label>
        ))}
      </FilterForm>
      {!parsed.success ? (
        <StatementProblems problems={queryProblems(parsed.error)} />
      ) : (
        <>
          <p className="mb-4">
            <a
              className={buttonClass("secondary")}
              href={`/statement/export?${new URLSearchParams(shown)}`}
              download
            >
              {t("exportCsv")}
            </a>
          </p>
          <StatementTables units={units ?? []} withBudget={false} />
        </>
      )}
    </>
  );
}
