import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { KeyStateBadge } from "@/components/keys/key-state-badge";
import { RevokeKeyButton } from "@/components/keys/revoke-key-button";
import { RollKeyForm } from "@/components/keys/roll-key-form";
import { Card, EmptyState, PageHeader } from "@/components/ui/page";
import { PagedTable } from "@/components/ui/paged-table";
import { cellClass } from "@/components/ui/table";
import { requireProviderUser } from "@/lib/auth/session";
import { isDomainNotFound } from "@/lib/domain/errors";
import { apiKeyOf, KEEP_PER_KEY, keyRequestLog } from "@/lib/domain/keys";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";
import { getFormat } from "@/lib/i18n/get-format";
import { revokeApiKeyAction, rollApiKeyAction } from "../key-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("keys.detail");
  return { title: t("title") };
}

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
  const t = await getTranslations("keys.detail");
  const tk = await getTranslations("keys");
  const format = await getFormat();
  const dateOr = (date: Date | null, otherwise: string) => (date ? format.dateTime(date) : otherwise);
  return (
    <>
      <PageHeader
        help={<HelpLink page="provider.key" />}
        title={key.name}
        description={
          <>
            <span className="font-mono">{key.prefix}…</span>
            {" · "}
            {t("scopeIs", { scope: key.scope === "read" ? tk("scope.read") : tk("scope.full") })}
            {" · "}
            <Link className="underline" href="/keys">
              {t("allKeys")}
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
        <Card title={t("thisKey")}>
          <dl className="grid gap-2 text-sm sm:grid-cols-4">
            <Fact term={t("created")} value={format.dateTime(key.createdAt)} />
            <Fact term={t("lastUsed")} value={dateOr(key.lastUsedAt, tk("never"))} />
            <Fact term={t("expires")} value={dateOr(key.expiresAt, tk("never"))} />
            <Fact term={t("revoked")} value={dateOr(key.revokedAt, t("notRevoked"))} />
          </dl>
        </Card>
        {manages && usable && (
          <Card title={t("rollCard")}>
            <RollKeyForm apiKeyId={key.id} roll={rollApiKeyAction} />
          </Card>
        )}
        <section aria-labelledby="requests-heading" className="space-y-3">
          <h2 id="requests-heading" className="text-lg font-semibold text-slate-900">
            {t("requests.heading")}
          </h2>
          <p className="text-sm text-slate-600">{t("requests.intro", { count: KEEP_PER_KEY })}</p>
          <PagedTable
            items={log.items}
            caption={t("requests.caption")}
            columns={[
              { label: t("requests.columns.time") },
              { label: t("requests.columns.method"), hideBelow: "sm" },
              { label: t("requests.columns.path") },
              { label: t("requests.columns.status") },
              { label: t("requests.columns.errorGuid"), hideBelow: "md" },
            ]}
            row={(request) => (
              <tr key={request.id}>
                <td className={cellClass(undefined, "whitespace-nowrap text-slate-600")}>
                  {format.dateTime(request.at, { seconds: true })}
                </td>
                <td className={cellClass("sm", "font-mono")}>{request.method}</td>
                <td className={cellClass(undefined, "font-mono break-all")}>{request.path}</td>
                <td className={cellClass(undefined, request.status >= 400 ? "text-red-700" : "")}>
                  {request.status}
                </td>
                <td className={cellClass("md", "font-mono text-xs")}>{request.errorGuid ?? ""}</td>
              </tr>
            )}
            empty={<EmptyState title={t("requests.empty")} />}
            paging={log}
            basePath={`/keys/${encodeURIComponent(key.id)}`}
            params={{}}
            unit={t("requests.unit")}
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
