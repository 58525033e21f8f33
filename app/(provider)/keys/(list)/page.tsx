import type { Metadata } from "next";
import Link from "next/link";
import { KeyStateBadge } from "@/components/keys/key-state-badge";
import { NewKeyForm } from "@/components/keys/new-key-form";
import { RevokeKeyButton } from "@/components/keys/revoke-key-button";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { cellClass, DataTable, DateCell } from "@/components/ui/table";
import { requireProviderUser } from "@/lib/auth/session";
import { listApiKeys } from "@/lib/domain/api-key-rotation";
import { can } from "@/lib/domain/permissions";
import { formatDateTime } from "@/lib/format";
import { createApiKeyAction, revokeApiKeyAction } from "../actions";

export const metadata: Metadata = { title: "API keys" };

export default async function KeysPage() {
  const user = await requireProviderUser();
  const manages = can(user.actor, "provider.keys.manage");
  const keys = await listApiKeys(user.actor);
  return (
    <>
      <PageHeader
        title="API keys"
        description="Your systems call the provider API with a key in the x-api-key header. Keys are stored only as a hash. Open a key to roll it or to see its last requests."
      />
      <div className="space-y-6">
        {manages && (
          <Card title="Create a key">
            <NewKeyForm createKey={createApiKeyAction} />
          </Card>
        )}
        {keys.length === 0 ? (
          <EmptyState title="No API keys yet" />
        ) : (
          <DataTable
            caption="API keys"
            columns={[
              { label: "Key" },
              { label: "Scope", hideBelow: "sm" },
              { label: "State" },
              { label: "Expires", hideBelow: "md" },
              { label: "Last used", hideBelow: "sm" },
              { label: "Created", hideBelow: "md" },
              { label: "Actions", srOnly: true },
            ]}
          >
            {keys.map((key) => (
              <tr key={key.id}>
                <td className={cellClass()}>
                  <Link className="font-medium underline" href={`/keys/${key.id}`}>
                    {key.name}
                  </Link>
                  <span className="ml-2 font-mono text-slate-600">{key.prefix}…</span>
                </td>
                <td className={cellClass("sm")}>{key.scope === "read" ? "read-only" : "full"}</td>
                <td className={cellClass()}>
                  <KeyStateBadge state={key.state} expiresAt={key.expiresAt} />
                </td>
                <td className={cellClass("md", "text-slate-600")}>
                  {key.expiresAt ? formatDateTime(key.expiresAt) : "never"}
                </td>
                <td className={cellClass("sm", "text-slate-600")}>
                  {key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "never"}
                </td>
                <DateCell date={key.createdAt} hideBelow="md" />
                <td className={cellClass(undefined, "text-right")}>
                  {manages && (key.state === "active" || key.state === "expiring") && (
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
