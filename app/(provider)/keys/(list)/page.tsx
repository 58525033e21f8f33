import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { KeyStateBadge } from "@/components/keys/key-state-badge";
import { NewKeyForm } from "@/components/keys/new-key-form";
import { RevokeKeyButton } from "@/components/keys/revoke-key-button";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { cellClass, DataTable, DateCell } from "@/components/ui/table";
import { requireProviderUser } from "@/lib/auth/session";
import { listApiKeys } from "@/lib/domain/keys";
import { can } from "@/lib/domain/permissions";
import { getFormat } from "@/lib/i18n/get-format";
import { createApiKeyAction, revokeApiKeyAction } from "../key-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("keys.list");
  return { title: t("title") };
}

export default async function KeysPage() {
  const user = await requireProviderUser();
  const manages = can(user.actor, "provider.keys.manage");
  const keys = await listApiKeys(user.actor);
  const t = await getTranslations("keys.list");
  const tk = await getTranslations("keys");
  const format = await getFormat();
  return (
    <>
      <PageHeader
        help={<HelpLink page="provider.keys" />}
        title={t("title")}
        description={t("description")}
      />
      <div className="space-y-6">
        {manages && (
          <Card title={t("createCard")}>
            <NewKeyForm createKey={createApiKeyAction} />
          </Card>
        )}
        {keys.length === 0 ? (
          <EmptyState title={t("empty")} />
        ) : (
          <DataTable
            caption={t("caption")}
            columns={[
              { label: t("columns.key") },
              { label: t("columns.scope"), hideBelow: "sm" },
              { label: t("columns.state") },
              { label: t("columns.expires"), hideBelow: "md" },
              { label: t("columns.lastUsed"), hideBelow: "sm" },
              { label: t("columns.created"), hideBelow: "md" },
              { label: t("columns.actions"), srOnly: true },
            ]}
          >
            {keys.map((key) => (
              <tr key={key.id}>
                <td className={cellClass()}>
                  <Link className="font-medium underline" href={`/keys/${key.id}`}>
                    {key.name}
                  </Link>
                  <span className="ms-2 font-mono text-slate-600">{key.prefix}…</span>
                  {(key.replacedByPrefix || key.replacesPrefix) && (
                    <span className="block text-xs text-slate-600">
                      {key.replacedByPrefix
                        ? t("replacedBy", { prefix: key.replacedByPrefix })
                        : t("replaces", { prefix: key.replacesPrefix ?? "" })}
                    </span>
                  )}
                </td>
                <td className={cellClass("sm")}>
                  {key.scope === "read" ? tk("scope.read") : tk("scope.full")}
                </td>
                <td className={cellClass()}>
                  <KeyStateBadge state={key.state} expiresAt={key.expiresAt} />
                </td>
                <td className={cellClass("md", "text-slate-600")}>
                  {key.expiresAt ? format.dateTime(key.expiresAt) : tk("never")}
                </td>
                <td className={cellClass("sm", "text-slate-600")}>
                  {key.lastUsedAt ? format.dateTime(key.lastUsedAt) : tk("never")}
                </td>
                <DateCell date={key.createdAt} hideBelow="md" />
                <td className={cellClass(undefined, "text-end")}>
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
