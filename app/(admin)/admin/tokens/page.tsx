import type { Metadata } from "next";
import { useTranslations } from "next-intl";
import { getTranslations } from "next-intl/server";
import { NewTokenForm, RevokeTokenButton } from "@/components/admin/token-forms";
import { HelpLink } from "@/components/help-link";
import { Badge, Card, EmptyState, PageHeader } from "@/components/ui/page";
import { DataTable, DateCell } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { listPlatformTokens } from "@/lib/domain/keys";
import { useFormat } from "@/lib/i18n/use-format";
import { issueTokenAction, revokeTokenAction } from "./token-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("tokens");
  return { title: t("title") };
}

type Listed = Awaited<ReturnType<typeof listPlatformTokens>>["own"][number] & {
  user?: { name: string; email: string };
};

function TokenState({ token, now }: { token: Listed; now: Date }) {
  const t = useTranslations("tokens");
  if (token.revokedAt) return <Badge tone="slate">{t("state.revoked")}</Badge>;
  if (token.expiresAt <= now) return <Badge tone="amber">{t("state.expired")}</Badge>;
  return <Badge tone="green">{t("state.active")}</Badge>;
}

function TokenTable({
  caption,
  tokens,
  showUser,
}: {
  caption: string;
  tokens: Listed[];
  showUser?: boolean;
}) {
  const t = useTranslations("tokens");
  const format = useFormat();
  const now = new Date();
  return (
    <DataTable
      caption={caption}
      columns={[
        { label: t("columns.token") },
        ...(showUser ? [{ label: t("columns.user") }] : []),
        { label: t("columns.state") },
        { label: t("columns.expires"), hideBelow: "sm" as const },
        { label: t("columns.lastUsed"), hideBelow: "sm" as const },
        { label: t("columns.actions") },
      ]}
    >
      {tokens.map((token) => (
        <tr key={token.id}>
          <td className="px-4 py-3">
            <span className="font-medium">{token.name}</span>{" "}
            <code className="font-mono text-sm text-slate-600">{token.prefix}…</code>
          </td>
          {showUser && <td className="px-4 py-3">{token.user?.email}</td>}
          <td className="px-4 py-3">
            <TokenState token={token} now={now} />
          </td>
          <DateCell date={token.expiresAt} hideBelow="sm" />
          <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">
            {token.lastUsedAt ? format.dateTime(token.lastUsedAt) : t("never")}
          </td>
          <td className="px-4 py-3">
            {!token.revokedAt && token.expiresAt > now && (
              <RevokeTokenButton tokenId={token.id} prefix={token.prefix} revoke={revokeTokenAction} />
            )}
          </td>
        </tr>
      ))}
    </DataTable>
  );
}

/** Every platform user's own tokens for the platform API; administrators also see everyone's active ones. */
export default async function TokensPage() {
  const user = await requirePlatformUser();
  const t = await getTranslations("tokens");
  const { own, others } = await listPlatformTokens(user.actor);
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.tokens" />}
        title={t("title")}
        description={t("description")}
      />
      <div className="space-y-6">
        <Card title={t("createTitle")}>
          <NewTokenForm issue={issueTokenAction} />
        </Card>
        {own.length === 0 ? (
          <EmptyState title={t("empty")} />
        ) : (
          <TokenTable caption={t("yours")} tokens={own} />
        )}
        {others.length > 0 && <TokenTable caption={t("others")} tokens={others} showUser />}
      </div>
    </>
  );
}
