import type { Metadata } from "next";
import { NewKeyForm } from "@/components/keys/new-key-form";
import { RevokeKeyButton } from "@/components/keys/revoke-key-button";
import { Badge, Card, EmptyState, PageHeader } from "@/components/ui/page";
import { cellClass, DataTable, DateCell } from "@/components/ui/table";
import { requireProviderUser } from "@/lib/auth/session";
import { listApiKeys } from "@/lib/domain/api-keys";
import { formatDateTime } from "@/lib/format";
import { createApiKeyAction, revokeApiKeyAction } from "./actions";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  const user = await requireProviderUser();
  const keys = await listApiKeys(user.providerId);
  return (
    <>
      <PageHeader
        title="API keys"
        description="Your systems call the provider API with a key in the x-api-key header. Keys are stored only as a hash."
      />
      <div className="space-y-6">
        <Card title="Create a key">
          <NewKeyForm createKey={createApiKeyAction} />
        </Card>
        {keys.length === 0 ? (
          <EmptyState title="No API keys yet" />
        ) : (
          <DataTable
            caption="API keys"
            columns={[
              { label: "Key" },
              { label: "Created", hideBelow: "sm" },
              { label: "Last used", hideBelow: "sm" },
              { label: "Actions", srOnly: true },
            ]}
          >
            {keys.map((key) => (
              <tr key={key.id}>
                <td className={cellClass()}>
                  <span className="font-mono">{key.prefix}…</span>
                  {key.label && <span className="ml-2 text-slate-600">{key.label}</span>}
                </td>
                <DateCell date={key.createdAt} hideBelow="sm" />
                <td className={cellClass("sm", "text-slate-600")}>
                  {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "never"}
                </td>
                <td className={cellClass(undefined, "text-right")}>
                  {key.revokedAt ? (
                    <Badge tone="red">Revoked</Badge>
                  ) : (
                    <RevokeKeyButton apiKeyId={key.id} prefix={key.prefix} revoke={revokeApiKeyAction} />
                  )}
                </td>
              </tr>
            ))}
          </DataTable>
        )}
      </div>
    </>
  );
}
