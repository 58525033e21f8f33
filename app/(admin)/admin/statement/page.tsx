import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { ClosedPeriodNotice, ClosePeriodButton } from "@/components/reconciliation/period-close";
import { StatementProblems } from "@/components/reconciliation/statement-problems";
import { StatementTables } from "@/components/reconciliation/statement-table";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { FilterForm, FilterSelect } from "@/components/ui/filter-select";
import { PageHeader } from "@/components/ui/page";
import { requirePlatformUser } from "@/lib/auth/session";
import { DomainError } from "@/lib/domain/errors";
import { can } from "@/lib/domain/permissions";
import { closedPeriod, periodOf, statement, statementChoices } from "@/lib/domain/reconciliation";
import { consoleStatementQuery, queryProblems } from "@/lib/portal/statement-params";

import { closePeriodAction } from "./statement-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("statement");
  return { title: t("title") };
}

/**
 * The console's reconciliation statement (issue 32): a provider's, a program's, or one provider's for
 * one program, over a period of days, with the budget's side, and as CSV.
 */
export default async function StatementPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const t = await getTranslations("statement");
  const { shown, parsed } = consoleStatementQuery(await searchParams);
  const choices = await statementChoices(user.actor);
  const chosen = Boolean(shown.provider || shown.program);
  // An id that names no provider or program (a stale link) is the domain's not found: said, not a 404.
  const units = parsed.success
    ? await statement(user.actor, {
        providerId: parsed.data.provider,
        programId: parsed.data.program,
        ...periodOf(parsed.data),
      }).catch((error: unknown) => {
        if (error instanceof DomainError && error.kind === "not_found") return null;
        throw error;
      })
    : null;
  const known = units !== null;
  // A provider's own period (no program chosen) may be closed, or be closed already (issue 32, item 6).
  const providerPeriod =
    parsed.success && known && parsed.data.provider && !parsed.data.program
      ? { provider: parsed.data.provider, from: parsed.data.from, to: parsed.data.to }
      : null;
  const closed = providerPeriod
    ? await closedPeriod(user.actor, providerPeriod.provider, providerPeriod)
    : null;
  const query = new URLSearchParams(Object.entries(shown).filter(([, value]) => value) as string[][]);
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.statement" />}
        title={t("title")}
        description={t("description")}
        actions={
          <>
            <Link className={buttonClass("secondary")} href="/admin/statement/overdue">
              {t("overdue.link")}
            </Link>
            <Link className={buttonClass("secondary")} href="/admin/statement/uploads">
              {t("upload.link")}
            </Link>
          </>
        }
      />
      <FilterForm action="/admin/statement">
        <FilterSelect
          name="provider"
          label={t("filters.provider")}
          value={shown.provider}
          emptyLabel={t("filters.anyProvider")}
          options={choices.providers.map((p) => [p.id, p.name] as const)}
        />
        <FilterSelect
          name="program"
          label={t("filters.program")}
          value={shown.program}
          emptyLabel={t("filters.anyProgram")}
          options={choices.programs.map((p) => [p.id, p.name] as const)}
        />
        <DayField name="from" label={t("filters.from")} value={shown.from} />
        <DayField name="to" label={t("filters.to")} value={shown.to} />
      </FilterForm>
      {!chosen ? (
        <p className="text-sm text-slate-600">{t("choose")}</p>
      ) : !parsed.success ? (
        <StatementProblems problems={queryProblems(parsed.error)} />
      ) : !known ? (
        <p className="text-sm text-slate-600">{t("unknown")}</p>
      ) : (
        <>
          <p className="mb-4">
            <a className={buttonClass("secondary")} href={`/admin/statement/export?${query}`} download>
              {t("exportCsv")}
            </a>
          </p>
          {closed && <ClosedPeriodNotice closed={closed} />}
          <StatementTables units={closed?.units ?? units ?? []} withBudget />
          <p className="mt-4 text-sm text-slate-600">{t("tiesOut")}</p>
          {providerPeriod && !closed && can(user.actor, "reconciliation.settle") && (
            <ClosePeriodButton period={providerPeriod} close={closePeriodAction} />
          )}
        </>
      )}
    </>
  );
}

function DayField({ name, label, value }: { name: string; label: string; value: string }) {
  return (
    <label className="text-sm">
      <span className="mb-1 block font-medium text-slate-800">{label}</span>
      <input name={name} type="date" defaultValue={value} className={inputClass} />
    </label>
  );
}
