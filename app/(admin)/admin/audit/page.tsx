import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { AuditTable } from "@/components/admin/audit-table";
import { HelpLink } from "@/components/help-link";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { FilterForm, FilterSelect } from "@/components/ui/filter-select";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { stringParams } from "@/components/ui/pager";
import { requirePlatformUser } from "@/lib/auth/session";
import { auditFiltersOf } from "@/lib/contract/audit-filters";
import { auditActions, auditEntries } from "@/lib/domain/audit";
import { can } from "@/lib/domain/permissions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("audit");
  return { title: t("title") };
}

const FILTERS = ["actor", "beneficiary", "subjectType", "subjectId", "action", "from", "to"] as const;

function TextFilter({
  name,
  label,
  value,
  type = "text",
}: {
  name: string;
  label: string;
  value?: string;
  type?: string;
}) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <input name={name} type={type} defaultValue={value ?? ""} maxLength={200} className={inputClass} />
    </label>
  );
}

export default async function AuditPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const t = await getTranslations("audit");
  if (!can(user.actor, "audit.read")) notFound();
  const raw = await searchParams;
  const filters = auditFiltersOf(raw);
  const params = stringParams(filters as Record<string, string | undefined>, FILTERS);
  const [page, actions] = await Promise.all([auditEntries(user.actor, filters), auditActions(user.actor)]);
  const query = new URLSearchParams(params).toString();
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.audit" />}
        title={t("title")}
        description={t("description")}
      />
      <FilterForm action="/admin/audit">
        <TextFilter name="actor" label={t("filters.actor")} value={filters.actor} />
        <FilterSelect
          name="action"
          label={t("filters.action")}
          value={filters.action}
          emptyLabel={t("filters.allActions")}
          options={actions.map(
            (action) => [action, t.has(`actions.${action}`) ? t(`actions.${action}`) : action] as const,
          )}
        />
        <TextFilter name="beneficiary" label={t("filters.beneficiary")} value={filters.beneficiary} />
        <TextFilter name="subjectType" label={t("filters.subjectType")} value={filters.subjectType} />
        <TextFilter name="subjectId" label={t("filters.subjectId")} value={filters.subjectId} />
        <TextFilter name="from" label={t("filters.from")} type="date" value={filters.from} />
        <TextFilter name="to" label={t("filters.to")} type="date" value={filters.to} />
      </FilterForm>
      <p className="mb-4">
        <a
          className={buttonClass("secondary")}
          href={`/admin/audit/export${query ? `?${query}` : ""}`}
          download
        >
          {t("exportCsv")}
        </a>
      </p>
      {page.entries.length === 0 ? <EmptyState title={t("empty")} /> : <AuditTable entries={page.entries} />}
      <nav aria-label={t("pages")} className="mt-4 flex gap-4 text-sm">
        {filters.before && (
          <Link className="text-blue-800 hover:underline" href={`/admin/audit${query ? `?${query}` : ""}`}>
            {t("newest")}
          </Link>
        )}
        {page.next && (
          <Link
            className="text-blue-800 hover:underline"
            href={`/admin/audit?${new URLSearchParams({ ...params, before: String(page.next) })}`}
          >
            {t("older")}
          </Link>
        )}
      </nav>
    </>
  );
}
