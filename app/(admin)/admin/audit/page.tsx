import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { AuditTable } from "@/components/admin/audit-table";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { FilterForm, FilterSelect } from "@/components/ui/filter-select";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { stringParams } from "@/components/ui/pager";
import { requirePlatformUser } from "@/lib/auth/session";
import { auditFiltersOf } from "@/lib/contract/audit";
import { auditActions, auditEntries } from "@/lib/domain/audit-log";
import { can } from "@/lib/domain/permissions";

export const metadata: Metadata = { title: "Audit trail" };

const FILTERS = ["actor", "subjectType", "subjectId", "action", "from", "to"] as const;

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
  if (!can(user.actor, "audit.read")) notFound();
  const raw = await searchParams;
  const filters = auditFiltersOf(raw);
  const params = stringParams(filters as Record<string, string | undefined>, FILTERS);
  const [page, actions] = await Promise.all([auditEntries(user.actor, filters), auditActions(user.actor)]);
  const query = new URLSearchParams(params).toString();
  return (
    <>
      <PageHeader
        title="Audit trail"
        description="Every change made through the APIs, the portal and the console: who, what, when, and what changed. Entries are chained: npm run audit:verify finds an edited or deleted one."
      />
      <FilterForm action="/admin/audit">
        <TextFilter name="actor" label="Actor (email or id)" value={filters.actor} />
        <FilterSelect
          name="action"
          label="Action"
          value={filters.action}
          emptyLabel="All actions"
          options={actions}
        />
        <TextFilter name="subjectType" label="Subject type" value={filters.subjectType} />
        <TextFilter name="subjectId" label="Subject id" value={filters.subjectId} />
        <TextFilter name="from" label="From" type="date" value={filters.from} />
        <TextFilter name="to" label="To" type="date" value={filters.to} />
      </FilterForm>
      <p className="mb-4">
        <a
          className={buttonClass("secondary")}
          href={`/admin/audit/export${query ? `?${query}` : ""}`}
          download
        >
          Export CSV
        </a>
      </p>
      {page.entries.length === 0 ? (
        <EmptyState title="No entry matches" />
      ) : (
        <AuditTable entries={page.entries} />
      )}
      <nav aria-label="Pages" className="mt-4 flex gap-4 text-sm">
        {filters.before && (
          <Link className="text-blue-800 hover:underline" href={`/admin/audit${query ? `?${query}` : ""}`}>
            Newest entries
          </Link>
        )}
        {page.next && (
          <Link
            className="text-blue-800 hover:underline"
            href={`/admin/audit?${new URLSearchParams({ ...params, before: String(page.next) })}`}
          >
            Older entries
          </Link>
        )}
      </nav>
    </>
  );
}
