import type { Metadata } from "next";
import { NewTokenForm, RevokeTokenButton } from "@/components/admin/token-forms";
import { Badge, Card, EmptyState, PageHeader } from "@/components/ui/page";
import { DataTable, DateCell } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { listPlatformTokens } from "@/lib/domain/platform-tokens";
import { formatDateTime } from "@/lib/format";
import { issueTokenAction, revokeTokenAction } from "./actions";

export const metadata: Metadata = { title: "API tokens" };

type Listed = Awaited<ReturnType<typeof listPlatformTokens>>["own"][number] & {
  user?: { name: string; email: string };
};

function stateOf(token: Listed, now: Date) {
  if (token.revokedAt) return <Badge tone="slate">Revoked</Badge>;
  if (token.expiresAt <= now) return <Badge tone="amber">Expired</Badge>;
  return <Badge tone="green">Active</Badge>;
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
  const now = new Date();
  return (
    <DataTable
      caption={caption}
      columns={[
        { label: "Token" },
        ...(showUser ? [{ label: "User" }] : []),
        { label: "State" },
        { label: "Expires", hideBelow: "sm" as const },
        { label: "Last used", hideBelow: "sm" as const },
        { label: "Actions" },
      ]}
    >
      {tokens.map((token) => (
        <tr key={token.id}>
          <td className="px-4 py-3">
            <span className="font-medium">{token.name}</span>{" "}
            <code className="font-mono text-sm text-slate-600">{token.prefix}…</code>
          </td>
          {showUser && <td className="px-4 py-3">{token.user?.email}</td>}
          <td className="px-4 py-3">{stateOf(token, now)}</td>
          <DateCell date={token.expiresAt} hideBelow="sm" />
          <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">
            {token.lastUsedAt ? formatDateTime(token.lastUsedAt) : "never"}
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
  const { own, others } = await listPlatformTokens(user.actor);
  return (
    <>
      <PageHeader
        title="API tokens"
        description="Tokens for the platform API (/api/platform/v1, see /docs): each acts with your current roles until it expires or is revoked."
      />
      <div className="space-y-6">
        <Card title="Create a token">
          <NewTokenForm issue={issueTokenAction} />
        </Card>
        {own.length === 0 ? (
          <EmptyState title="You have no tokens yet" />
        ) : (
          <TokenTable caption="Your tokens" tokens={own} />
        )}
        {others.length > 0 && <TokenTable caption="Other users' active tokens" tokens={others} showUser />}
      </div>
    </>
  );
}
