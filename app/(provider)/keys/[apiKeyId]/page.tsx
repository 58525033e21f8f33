import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { KeyStateBadge } from "@/components/keys/key-state-badge";
import { RevokeKeyButton } from "@/components/keys/revoke-key-button";
import { RollKeyForm } from "@/components/keys/roll-key-form";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { PagedTable } from "@/components/ui/paged-table";
import { cellClass } from "@/components/ui/table";
import { requireProviderUser } from "@/lib/auth/session";
import { apiKeyOf } from "@/lib/domain/api-key-rotation";
import { isDomainNotFound } from "@/lib/domain/errors";
import { KEEP_PER_KEY, keyRequestLog } from "@/lib/domain/key-requests";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";
import { formatCount, formatDateTime } from "@/lib/format";
import { revokeApiKeyAction, rollApiKeyAction } from "../actions";

export const metadata: Metadata = { title: "API key" };

/** One of the provider's keys: what it is, rolling it, and its last requests (newest first). */
export default async function KeyPage({
  params,
  searchParams,
}: {
  params: Promise<{ apiKeyId: string }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireProviderUser();
  const manages = can(user.actor, "provider.keys.manage");
  // A key id is a UUID: nothing to decode.
  const { apiKeyId } = await params;
  const cursor = pageQuery(await searchParams);
  // Another provider's key, or none: the not-found page, as for a channel.
  const found = await Promise.all([
    apiKeyOf(user.actor, apiKeyId),
    keyRequestLog(user.actor, apiKeyId, cursor),
  ]).catch((error: unknown) => {
    if (isDomainNotFound(error)) return null;
    throw error;
  });
  if (!found) notFound();
  const [key, log] = found;
  const usable = key.state === "active" || key.state === "expiring";
  return (
    <>
      <PageHeader
        title={key.name}
        description={
          <>
            <span className="font-mono">{key.prefix}…</span> · scope{" "}
            {key.scope === "read" ? "read-only" : "full"}
            {" · "}
            <Link className="underline" href="/keys">
              All keys
            </Link>
          </>
        }
        actions={
          <>
            <KeyStateBadge state={key.state} expiresAt={key.expiresAt} />
            {manages && usable && (
              <RevokeKeyButton apiKeyId={key.id} prefix={key.prefix} revoke={revokeApiKeyAction} />
            )}
          </>
        }
      />
      <div className="space-y-6">
        <Card title="This key">
          <dl className="grid gap-2 text-sm sm:grid-cols-4">
            <Fact term="Created" value={formatDateTime(key.createdAt)} />
            <Fact term="Last used" value={key.lastUsedAt ? formatDateTime(key.lastUsedAt) : "never"} />
            <Fact term="Expires" value={key.expiresAt ? formatDateTime(key.expiresAt) : "never"} />
            <Fact term="Revoked" value={key.revokedAt ? formatDateTime(key.revokedAt) : "no"} />
          </dl>
        </Card>
        {manages && usable && (
          <Card title="Roll this key">
            <RollKeyForm apiKeyId={key.id} roll={rollApiKeyAction} />
          </Card>
        )}
        <section aria-labelledby="requests-heading" className="space-y-3">
          <h2 id="requests-heading" className="text-lg font-semibold text-slate-900">
            Last requests
          </h2>
          <p className="text-sm text-slate-600">
            The last {formatCount(KEEP_PER_KEY)} requests made with this key, newest first. Quote an
            error&apos;s guid when you ask for help.
          </p>
          <PagedTable
            items={log.items}
            caption="Requests made with this key"
            columns={[
              { label: "Time" },
              { label: "Method", hideBelow: "sm" },
              { label: "Path" },
              { label: "Status" },
              { label: "Error guid", hideBelow: "md" },
            ]}
            row={(request) => (
              <tr key={request.id}>
                <td className={cellClass(undefined, "whitespace-nowrap text-slate-600")}>
                  {formatDateTime(request.at, { seconds: true })}
                </td>
                <td className={cellClass("sm", "font-mono")}>{request.method}</td>
                <td className={cellClass(undefined, "font-mono break-all")}>{request.path}</td>
                <td className={cellClass(undefined, request.status >= 400 ? "text-red-700" : "")}>
                  {request.status}
                </td>
                <td className={cellClass("md", "font-mono text-xs")}>{request.errorGuid ?? ""}</td>
              </tr>
            )}
            empty={<EmptyState title="No requests with this key yet" />}
            paging={log}
            basePath={`/keys/${encodeURIComponent(key.id)}`}
            params={{}}
            unit="requests"
          />
        </section>
      </div>
    </>
  );
}

function Fact({ term, value }: { term: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-500">{term}</dt>
      <dd className="text-slate-900">{value}</dd>
    </div>
  );
}
