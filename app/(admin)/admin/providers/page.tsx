import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { CreateProviderForm } from "@/components/admin/provider-forms";
import { HelpLink } from "@/components/help-link";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { Pager } from "@/components/ui/pager";
import { DataTable } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";
import { providersOverview } from "@/lib/domain/providers";
import { getFormat } from "@/lib/i18n/get-format";
import { createProviderAction } from "../provider-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("providers.list");
  return { title: t("title") };
}

export default async function ProvidersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const providers = await providersOverview(user.actor, pageQuery(await searchParams));
  const t = await getTranslations("providers.list");
  const format = await getFormat();
  return (
    <>
      <PageHeader help={<HelpLink page="console.providers" />} title={t("heading")} />
      <div className="space-y-6">
        {can(user.actor, "providers.manage") && (
          <Card title={t("create")}>
            <CreateProviderForm create={createProviderAction} />
          </Card>
        )}
        {providers.items.length === 0 ? (
          <EmptyState title={t("empty")} />
        ) : (
          <>
            <DataTable
              caption={t("caption")}
              columns={[
                { label: t("columns.provider") },
                { label: t("columns.channels") },
                { label: t("columns.users"), hideBelow: "sm" },
                { label: t("columns.activeKey"), hideBelow: "sm" },
              ]}
            >
              {providers.items.map((provider) => (
                <tr key={provider.id}>
                  <td className="px-4 py-3">
                    <Link
                      href={`/admin/providers/${provider.id}`}
                      className="font-medium text-blue-800 hover:underline"
                    >
                      {provider.name}
                    </Link>
                  </td>
                  <td className="px-4 py-3">{format.cappedCount(provider.channels)}</td>
                  <td className="hidden px-4 py-3 sm:table-cell">{format.count(provider._count.users)}</td>
                  <td className="hidden px-4 py-3 font-mono sm:table-cell">
                    {provider.apiKeys[0] ? `${provider.apiKeys[0].prefix}…` : t("noKey")}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager basePath="/admin/providers" params={{}} paging={providers} unit={t("unit")} />
          </>
        )}
      </div>
    </>
  );
}
