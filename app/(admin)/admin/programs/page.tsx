import type { Metadata } from "next";
import Link from "next/link";
import { CreateProgramForm } from "@/components/admin/program-forms";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { Pager } from "@/components/ui/pager";
import { requirePlatformUser } from "@/lib/auth/session";
import { COMMODITIES, CURRENCIES } from "@/lib/contract/enums";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";
import { listPrograms } from "@/lib/domain/programs";
import { formatAmount, formatCount } from "@/lib/format";
import { createProgramAction } from "./actions";

export const metadata: Metadata = { title: "Programs" };

export default async function ProgramsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const programs = await listPrograms(user.actor, pageQuery(await searchParams));
  const units = [...CURRENCIES, ...COMMODITIES].filter((unit) => unit !== "NULL");
  return (
    <>
      <PageHeader
        title="Assistance programs"
        description="Programs send delivery requests to approved channels, within budgets."
      />
      <div className="space-y-6">
        {can(user.actor, "programs.manage") && (
          <Card title="Create a program">
            <CreateProgramForm units={units} create={createProgramAction} />
          </Card>
        )}
        {programs.items.length === 0 ? (
          <EmptyState title="No programs yet" />
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
                    {formatCount(program._count.channels)} channels · {formatCount(program.requestCount)}{" "}
                    requests · virtual budget{" "}
                    {program.budget
                      ? formatAmount(program.budget.limitMinor - program.budget.reservedMinor, program.unit)
                      : "—"}{" "}
                    left
                  </span>
                </li>
              ))}
            </ul>
            <Pager basePath="/admin/programs" params={{}} paging={programs} unit="programs" />
          </>
        )}
      </div>
    </>
  );
}
