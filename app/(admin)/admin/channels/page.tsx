import type { Metadata } from "next";
import { getLocale, getTranslations } from "next-intl/server";
import { namedOptions } from "@/components/channel-form/lookup-names";
import { ChannelNameCell, ChannelStandingBadges } from "@/components/channels/status-badges";
import { inputClass } from "@/components/ui/field";
import { FilterForm, FilterSelect } from "@/components/ui/filter-select";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { PagedTable } from "@/components/ui/paged-table";
import { stringParams } from "@/components/ui/pager";
import { sortBy, sortParam, sortQuery } from "@/components/ui/sortable";
import { DateCell } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import {
  allChannels,
  CHANNEL_SORTS,
  inViewersLanguage,
  LOOKUPS,
  STANDING_FILTERS,
  type StandingFilter,
} from "@/lib/domain/channels";
import { pageQuery } from "@/lib/domain/paging";
import { providerChoices } from "@/lib/domain/providers";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminChannels.list");
  return { title: t("title") };
}

const FILTERS = ["q", "providerId", "state", "category", "country"] as const;
/** The standing filter's values (lib/domain/channels/standing.ts), as the list's badges name them. */
const STANDING_FILTER_KEYS = Object.keys(STANDING_FILTERS) as StandingFilter[];
const isStandingFilter = (value: string | undefined): value is StandingFilter =>
  value !== undefined && Object.hasOwn(STANDING_FILTERS, value);

export default async function AdminChannelsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const t = await getTranslations("adminChannels.list");
  const standingName = await getTranslations("channels.standing");
  const categoryName = await getTranslations("lookups");
  const locale = await getLocale();
  const raw = await searchParams;
  const params = stringParams(raw, FILTERS);
  const sort = sortParam(raw, CHANNEL_SORTS);
  // The list's own order, most recently changed first, when the page asks none.
  const order = sort ?? { by: "lastChange" as const, dir: "desc" as const };
  const [list, providers] = await Promise.all([
    allChannels(user.actor, {
      q: params.q,
      sort,
      providerId: params.providerId,
      category: params.category,
      country: params.country,
      ...(isStandingFilter(params.state) ? STANDING_FILTERS[params.state] : {}),
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
    title?: string,
  ) => (
    <FilterSelect
      name={name}
      label={label}
      value={params[name]}
      emptyLabel={t("all")}
      options={options}
      title={title}
    />
  );
  // Countries by their names in the reader's language, in its alphabetical order.
  const collator = new Intl.Collator(locale);
  const countries = namedOptions(locale, "Country", LOOKUPS.Country, categoryName).sort((a, b) =>
    collator.compare(a[1], b[1]),
  );
  return (
    <>
      <PageHeader title={t("title")} description={t("description")} />
      <FilterForm action="/admin/channels">
        {Object.entries(sortQuery(sort)).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <label className="text-sm">
          <span className="mb-1 block font-medium text-slate-800">{t("search")}</span>
          <input
            type="search"
            name="q"
            defaultValue={params.q ?? ""}
            maxLength={200}
            placeholder={t("searchPlaceholder")}
            className={inputClass}
          />
        </label>
        {filter(
          "providerId",
          t("provider"),
          providers.map((p) => [p.id, p.name] as const),
        )}
        {filter(
          "state",
          t("standing"),
          STANDING_FILTER_KEYS.map((key) => [key, standingName(key)] as const),
        )}
        {filter(
          "category",
          t("category"),
          namedOptions(locale, "DeliveryChannelCategory", LOOKUPS.DeliveryChannelCategory, categoryName),
        )}
        {filter("country", t("availableIn"), countries, t("countryHint"))}
      </FilterForm>
      <PagedTable
        items={items}
        paging={list}
        basePath="/admin/channels"
        params={{ ...params, ...sortQuery(sort) }}
        empty={<EmptyState title={t("empty")} />}
        caption={t("caption")}
        unit={t("unit")}
        columns={[
          { label: t("columns.channel"), sort: sortBy("/admin/channels", params, order, "name") },
          { label: t("columns.provider") },
          { label: t("columns.standing") },
          {
            label: t("columns.lastChange"),
            hideBelow: "md",
            sort: sortBy("/admin/channels", params, order, "lastChange", "desc"),
          },
        ]}
        row={(channel) => (
          <tr key={channel.id}>
            <ChannelNameCell
              href={`/admin/channels/${channel.id}`}
              name={channel.name}
              id={channel.providerDeliveryChannelId}
            />
            <td className="px-4 py-3">{channel.provider.name}</td>
            <td className="px-4 py-3">
              <ChannelStandingBadges standing={channel.standing} detailed />
            </td>
            <DateCell date={channel.updatedAt} hideBelow="md" />
          </tr>
        )}
      />
    </>
  );
}
