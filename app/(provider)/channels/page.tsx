import type { Metadata } from "next";
import Link from "next/link";
import { getLocale, getTranslations } from "next-intl/server";
import { ChannelNameCell, ChannelStandingBadges } from "@/components/channels/status-badges";
import { WaitingForYou } from "@/components/shell/waiting-for-you";
import { buttonClass } from "@/components/ui/button";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { PagedTable } from "@/components/ui/paged-table";
import { SearchForm } from "@/components/ui/search-form";
import { DateCell } from "@/components/ui/table";
import { requireProviderUser } from "@/lib/auth/session";
import { inViewersLanguage, isPortalChannelState, listProviderChannels } from "@/lib/domain/channels";
import { waitingInPortal } from "@/lib/domain/home";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("channels");
  return { title: t("list.title") };
}

export default async function ChannelsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const t = await getTranslations("channels");
  const user = await requireProviderUser();
  const params = await searchParams;
  const q = typeof params.q === "string" ? params.q : "";
  const state = isPortalChannelState(params.state) ? params.state : undefined;
  const query = pageQuery(params);
  const list = await listProviderChannels(user.actor, { q, state, ...query });
  // The provider's home: what waits for them first, above the unfiltered list's first page.
  const home = !q && !state && !query.after && !query.before;
  const waiting = home ? await waitingInPortal(user.actor) : [];
  const tw = await getTranslations("home.waiting");
  // Names in the viewer's language where a translation of them exists (issue 13).
  const items = await inViewersLanguage(list.items, await getLocale());

  return (
    <>
      <PageHeader
        title={t("list.heading")}
        description={user.mode === "test" ? t("list.descriptionTest") : t("list.description")}
        actions={
          can(user.actor, "provider.channels.edit") && (
            <Link href="/channels/new" className={buttonClass("primary")}>
              {t("list.newChannel")}
            </Link>
          )
        }
      />
      <WaitingForYou waiting={waiting} />
      {state && (
        <p className="mb-4 text-sm text-slate-700">
          {tw("filtered", {
            filter: tw(state === "rejected" ? "rejectedRequests" : "requestsAwaitingPlatform"),
          })}{" "}
          <Link className="underline" href="/channels">
            {tw("showAll")}
          </Link>
        </p>
      )}
      <SearchForm
        action="/channels"
        id="channel-search"
        label={t("list.searchLabel")}
        placeholder={t("list.searchPlaceholder")}
        term={q}
      />

      <PagedTable
        items={items}
        paging={list}
        basePath="/channels"
        params={{ ...(q ? { q } : {}), ...(state ? { state } : {}) }}
        unit={t("list.unit")}
        empty={
          <EmptyState title={q ? t("list.noMatch", { q }) : t("list.empty")}>
            {q ? t("list.noMatchHint") : t("list.emptyHint")}
          </EmptyState>
        }
        caption={t("list.caption")}
        columns={[
          { label: t("list.columns.channel") },
          { label: t("list.columns.standing") },
          { label: t("list.columns.lastChange"), hideBelow: "md" },
        ]}
        row={(channel) => (
          <tr key={channel.id}>
            <ChannelNameCell
              href={`/channels/${encodeURIComponent(channel.providerDeliveryChannelId)}`}
              name={channel.name}
              id={channel.providerDeliveryChannelId}
            />
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
