import type { Metadata } from "next";
import Link from "next/link";
import { CreateProviderForm } from "@/components/admin/provider-forms";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { Pager } from "@/components/ui/pager";
import { DataTable } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { providersOverview } from "@/lib/domain/admin-console";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";
import { formatCappedCount, formatCount } from "@/lib/format";
import { createProviderAction } from "../actions";

export const metadata: Metadata = { title: "Providers" };

export default async function ProvidersPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const providers = await providersOverview(user.actor, pageQuery(await searchParams));
  return (
    <>
      <PageHeader title="Provider organisations" />
      <div className="space-y-6">
        {can(user.actor, "providers.manage") && (
          <Card title="Create a provider">
            <CreateProviderForm create={createProviderAction} />
          </Card>
        )}
        {providers.items.length === 0 ? (
          <EmptyState title="No providers yet" />
        ) : (
          <>
            <DataTable
              caption="Providers"
              columns={[
                { label: "Provider" },
                { label: "Channels" },
                { label: "Users", hideBelow: "sm" },
                { label: "Active key", hideBelow: "sm" },
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
                  <td className="px-4 py-3">{formatCappedCount(provider.channels)}</td>
                  <td className="hidden px-4 py-3 sm:table-cell">{formatCount(provider._count.users)}</td>
                  <td className="hidden px-4 py-3 font-mono sm:table-cell">
                    {provider.apiKeys[0] ? `${provider.apiKeys[0].prefix}…` : "none"}
                  </td>
                </tr>
              ))}
            </DataTable>
            <Pager basePath="/admin/providers" params={{}} paging={providers} unit="providers" />
          </>
        )}
      </div>
    </>
  );
}
