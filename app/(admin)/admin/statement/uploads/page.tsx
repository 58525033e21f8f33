import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { RecentUploads } from "@/components/reconciliation/recent-uploads";
import { StatementUploadForm } from "@/components/reconciliation/statement-upload-form";
import { buttonClass } from "@/components/ui/button";
import { FilterForm, FilterSelect } from "@/components/ui/filter-select";
import { PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { can } from "@/lib/domain/permissions";
import { recentUploads, statementChoices, statementMappingOf } from "@/lib/domain/reconciliation";
import { consoleStatementQuery } from "@/lib/portal/statement-params";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("statement.upload");
  return { title: t("title") };
}

/**
 * Uploading a provider's own statement (issue 32, item 3): the provider chosen first (its mapping is
 * read for the form), then the file, its period and how it reads; the recent uploads below.
 */
export default async function StatementUploadsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const t = await getTranslations("statement.upload");
  const { shown } = consoleStatementQuery(await searchParams);
  const [choices, uploads] = await Promise.all([statementChoices(user.actor), recentUploads(user.actor)]);
  const provider = choices.providers.find((p) => p.id === shown.provider);
  const mayUpload = can(user.actor, "reconciliation.upload");
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.statementUpload" />}
        title={t("title")}
        description={t("description")}
        actions={
          <a className={buttonClass("secondary")} href="/admin/statement/uploads/template" download>
            {t("template")}
          </a>
        }
      />
      {!mayUpload ? (
        <p className="mb-6 text-sm text-slate-600">{t("financeOnly")}</p>
      ) : (
        <section className="mb-8 space-y-4">
          <FilterForm action="/admin/statement/uploads">
            <FilterSelect
              name="provider"
              label={(await getTranslations("statement"))("filters.provider")}
              value={shown.provider}
              emptyLabel={t("chooseProvider")}
              options={choices.providers.map((p) => [p.id, p.name] as const)}
            />
          </FilterForm>
          {provider ? (
            <StatementUploadForm
              key={provider.id}
              providerId={provider.id}
              mapping={await statementMappingOf(user.actor, provider.id)}
              from={shown.from}
              to={shown.to}
            />
          ) : (
            <p className="text-sm text-slate-600">{t("chooseProvider")}</p>
          )}
        </section>
      )}
      <h2 className="mb-2 text-lg font-semibold text-slate-900">{t("recentTitle")}</h2>
      <RecentUploads uploads={uploads} />
    </>
  );
}
