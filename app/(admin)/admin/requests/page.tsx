import type { Metadata } from "next";
import Link from "next/link";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { FilterForm, FilterSelect } from "@/components/ui/filter-select";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { PagedTable } from "@/components/ui/paged-table";
import { stringParams } from "@/components/ui/pager";
import { sortBy, sortParam, sortQuery } from "@/components/ui/sortable";
import { DateCell } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { channelRequestQueue, QUEUE_SORTS, REQUEST_KINDS } from "@/lib/domain/channels";
import { pageQuery } from "@/lib/domain/paging";
import { providerChoices } from "@/lib/domain/providers";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("review.queue");
  return { title: t("title") };
}

export default async function RequestQueuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const t = await getTranslations("review.queue");
  const kindName = await getTranslations("channels.requestKind");
  // A kind this page does not know (none today) shows its code.
  const kindLabel = (kind: string) =>
    (REQUEST_KINDS as readonly string[]).includes(kind) ? kindName(kind) : kind;
  const raw = await searchParams;
  const params = stringParams(raw, ["providerId", "kind", "age"]);
  const sort = sortParam(raw, QUEUE_SORTS);
  // The queue's own order, oldest first, when the page asks none.
  const order = sort ?? { by: "submitted" as const, dir: "asc" as const };
  const [queue, providers] = await Promise.all([
    channelRequestQueue(user.actor, {
      providerId: params.providerId,
      kind: params.kind,
      olderThanDays: Number(params.age) || undefined,
      sort,
      ...pageQuery(raw),
    }),
    providerChoices(user.actor),
  ]);
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.requests" />}
        title={t("heading")}
        description={t("description")}
      />
      <FilterForm action="/admin/requests">
        {Object.entries(sortQuery(sort)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <FilterSelect
          name="providerId"
          label={t("provider")}
          value={params.providerId}
          emptyLabel={t("allProviders")}
          options={providers.map((provider) => [provider.id, provider.name] as const)}
        />
        <FilterSelect
          name="kind"
          label={t("kind")}
          value={params.kind}
          emptyLabel={t("allKinds")}
          options={REQUEST_KINDS.map((kind) => [kind, kindName(kind)] as const)}
        />
        <FilterSelect
          name="age"
          label={t("waiting")}
          value={params.age}
          emptyLabel={t("anyTime")}
          options={[
            ["1", t("moreThanADay")],
            ["7", t("moreThanAWeek")],
          ]}
        />
      </FilterForm>
      <PagedTable
        items={queue.requests}
        paging={queue}
        basePath="/admin/requests"
        params={{ ...params, ...sortQuery(sort) }}
        empty={<EmptyState title={t("empty")}>{t("emptyHint")}</EmptyState>}
        caption={t("caption")}
        unit={t("unit")}
        columns={[
          { label: t("columns.request") },
          { label: t("columns.provider") },
          {
            label: t("columns.submitted"),
            hideBelow: "sm",
            sort: sortBy("/admin/requests", params, order, "submitted"),
          },
        ]}
        row={(request) => (
          <tr key={request.id}>
            <td className="px-4 py-3">
              <Link
                href={`/admin/requests/${request.id}`}
                className="font-medium text-blue-800 hover:underline"
              >
                {t("requestName", {
                  kind: kindLabel(request.kind),
                  name: request.name || request.channel.providerDeliveryChannelId,
                })}
              </Link>
              <div className="font-mono text-xs text-slate-500 break-all">
                {request.channel.providerDeliveryChannelId}
              </div>
            </td>
            <td className="px-4 py-3">{request.channel.provider.name}</td>
            <DateCell date={request.requestedAt} hideBelow="sm" />
          </tr>
        )}
      />
    </>
  );
}
