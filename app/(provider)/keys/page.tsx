import type { Metadata } from "next";
import { NewKeyForm } from "@/components/keys/new-key-form";
import { RevokeKeyButton } from "@/components/keys/revoke-key-button";
import { Badge, Card, EmptyState, PageHeader } from "@/components/ui/page";
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
        <Card title="Your keys">
          {keys.length === 0 ? (
            <EmptyState title="No API keys yet" />
          ) : (
            <table className="w-full text-left text-sm">
              <caption className="sr-only">API keys</caption>
              <thead className="text-xs uppercase text-slate-500">
                <tr>
                  <th scope="col" className="py-2 pr-3">
                    Key
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
                    Created
                  </th>
                  <th scope="col" className="hidden py-2 pr-3 sm:table-cell">
                    Last used
                  </th>
                  <th scope="col" className="py-2 pr-3">
                    <span className="sr-only">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {keys.map((key) => (
                  <tr key={key.id}>
                    <td className="py-2 pr-3">
                      <span className="font-mono">{key.prefix}…</span>
                      {key.label && <span className="ml-2 text-slate-600">{key.label}</span>}
                    </td>
                    <td className="hidden py-2 pr-3 text-slate-600 sm:table-cell">
                      {formatDateTime(key.createdAt)}
                    </td>
                    <td className="hidden py-2 pr-3 text-slate-600 sm:table-cell">
                      {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "never"}
                    </td>
                    <td className="py-2 pr-3 text-right">
                      {key.revokedAt ? (
                        <Badge tone="red">Revoked</Badge>
                      ) : (
                        <RevokeKeyButton apiKeyId={key.id} prefix={key.prefix} revoke={revokeApiKeyAction} />
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
        </Card>
      </div>
    </>
  );
}
