import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { ErasureDecision, NewErasureForm } from "@/components/admin/erasure-forms";
import { HelpLink } from "@/components/help-link";
import { Badge, Card, EmptyState, PageHeader } from "@/components/ui/page";
import { DataTable, DateCell } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { erasureRequests } from "@/lib/domain/erasures";
import { can } from "@/lib/domain/permissions";
import { decideErasureAction, requestErasureAction } from "./erasure-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("beneficiaries");
  return { title: t("title") };
}

type Erasures = Awaited<ReturnType<typeof erasureRequests>>;
type Row = Erasures["pending"][number];

function ErasureState({ state }: { state: string }) {
  const t = useTranslations("beneficiaries");
  if (state === "ERASED") return <Badge tone="slate">{t("state.erased")}</Badge>;
  if (state === "REJECTED") return <Badge tone="amber">{t("state.rejected")}</Badge>;
  return <Badge tone="blue">{t("state.pending")}</Badge>;
}

function ErasureTable({ caption, rows, me }: { caption: string; rows: Row[]; me: string | null }) {
  const t = useTranslations("beneficiaries");
  return (
    <DataTable
      caption={caption}
      columns={[
        { label: t("columns.beneficiary") },
        { label: t("columns.reference") },
        { label: t("columns.asked"), hideBelow: "sm" as const },
        { label: t("columns.state") },
        { label: t("columns.actions") },
      ]}
    >
      {rows.map((row) => (
        <tr key={row.id}>
          <td className="px-4 py-3 font-mono break-all">{row.beneficiaryId ?? t("unreadable")}</td>
          <td className="px-4 py-3 break-all">{row.reference}</td>
          <DateCell date={row.createdAt} hideBelow="sm" />
          <td className="px-4 py-3">
            <ErasureState state={row.state} />
            {row.state === "ERASED" && (
              <span className="block text-xs text-slate-600">
                {t("deliveriesErased", { count: row.deliveriesErased ?? 0 })}
              </span>
            )}
          </td>
          <td className="px-4 py-3">
            {row.state !== "PENDING" ? null : row.requestedBy === me ? (
              <span className="text-sm text-slate-600">{t("awaitsAnother")}</span>
            ) : (
              <ErasureDecision
                erasureRequestId={row.id}
                beneficiaryId={row.beneficiaryId ?? ""}
                decide={decideErasureAction}
              />
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Administrators erase a beneficiary across all programs, four eyes (issue 36). */
export default async function BeneficiariesPage() {
  const user = await requirePlatformUser();
  if (!can(user.actor, "beneficiaries.erase")) notFound();
  const t = await getTranslations("beneficiaries");
  const { pending, decided } = await erasureRequests(user.actor);
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.beneficiaries" />}
        title={t("title")}
        description={t("description")}
      />
      <div className="space-y-6">
        <Card title={t("askTitle")}>
          <NewErasureForm request={requestErasureAction} />
        </Card>
        {pending.length === 0 ? (
          <EmptyState title={t("nonePending")} />
        ) : (
          <ErasureTable caption={t("pending")} rows={pending} me={user.actor.personId} />
        )}
        {decided.length > 0 && (
          <ErasureTable caption={t("decided")} rows={decided} me={user.actor.personId} />
        )}
      </div>
    </>
  );
}
