import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { namedOptions } from "@/components/channel-form/lookup-names";
import {
  ApprovalBadge,
  ChannelNameCell,
  RejectedBadge,
  StatusBadge,
} from "@/components/channels/status-badges";
import { inputClass } from "@/components/ui/field";
import { FilterForm, FilterSelect } from "@/components/ui/filter-select";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { PagedTable } from "@/components/ui/paged-table";
import { stringParams } from "@/components/ui/pager";
import { DateCell } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { CHANNEL_STATUSES } from "@/lib/contract/enums";
import { providerChoices } from "@/lib/domain/admin-console";
import { allChannels, inViewersLanguage, REQUEST_FILTERS } from "@/lib/domain/channels";
import { LOOKUPS } from "@/lib/domain/lookups";
import { pageQuery } from "@/lib/domain/paging";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminChannels.list");
  return { title: t("title") };
}

const FILTERS = ["providerId", "status", "approved", "request", "category", "country"] as const;
/** The "latest request" filter's values; their labels are this page's, in the reader's language. */
const REQUEST_FILTER_KEYS = Object.keys(REQUEST_FILTERS) as (keyof typeof REQUEST_FILTERS)[];

export default async function AdminChannelsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const t = await getTranslations("adminChannels.list");
  const statusName = await getTranslations("channels.status");
  const categoryName = await getTranslations("lookups");
  const locale = await getLocale();
  const raw = await searchParams;
  const params = stringParams(raw, FILTERS);
  const [list, providers] = await Promise.all([
    allChannels(user.actor, {
      ...params,
      approved: params.approved as "yes" | "no" | undefined,
      ...pageQuery(raw),
    }),
    providerChoices(user.actor),
  ]);
  // Names in the viewer's language where a translation of them exists (issue 13).
  const items = await inViewersLanguage(list.items, locale);
  const filter = (
    name: (typeof FILTERS)[number],
    label: string,
    options: ReadonlyArray<string | readonly [string, string]>,
  ) => (
    <FilterSelect name={name} label={label} value={params[name]} emptyLabel={t("all")} options={options} />
  );
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <FilterForm action="/admin/channels">
        {filter(
          "providerId",
          t("provider"),
          providers.map((p) => [p.id, p.name] as const),
        )}
        {filter(
          "status",
          t("status"),
          CHANNEL_STATUSES.map((status) => [status, statusName(status)] as const),
        )}
        {filter("approved", t("approval"), [
          ["yes", t("approved")],
          ["no", t("notApproved")],
        ])}
        {filter(
          "request",
          t("latestRequest"),
          REQUEST_FILTER_KEYS.map((key) => [key, t(`requestFilter.${key}`)] as const),
        )}
        {filter(
          "category",
          t("category"),
          namedOptions(locale, "DeliveryChannelCategory", LOOKUPS.DeliveryChannelCategory, categoryName),
        )}
        <label className="text-sm">
          <span className="mb-1 block font-medium">{t("availableIn")}</span>
          <input
            name="country"
            defaultValue={params.country ?? ""}
            maxLength={2}
            placeholder="BG"
            title={t("countryHint")}
            className={`${inputClass} w-20 uppercase`}
          />
        </label>
      </FilterForm>
      <PagedTable
        items={items}
        paging={list}
        basePath="/admin/channels"
        params={params}
        empty={<EmptyState title={t("empty")} />}
        caption={t("caption")}
        unit={t("unit")}
        columns={[
          { label: t("columns.channel") },
          { label: t("columns.provider") },
          { label: t("columns.status") },
          { label: t("columns.lastChange"), hideBelow: "md" },
        ]}
        row={(channel) => (
          <tr key={channel.id}>
            <ChannelNameCell
              href={`/admin/channels/${channel.id}`}
              name={channel.name}
              id={channel.providerDeliveryChannelId}
            />
            <td className="px-4 py-3">{channel.provider.name}</td>
            <td className="space-x-1 px-4 py-3">
              <StatusBadge status={channel.status} />
              <ApprovalBadge isApproved={channel.isApproved} />
              <RejectedBadge reason={channel.rejectionReason} />
            </td>
            <DateCell date={channel.updatedAt} hideBelow="md" />
          </tr>
        )}
      />
    </>
  );
}
