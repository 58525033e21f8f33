import type { Metadata } from "next";
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
import { CHANNEL_CATEGORIES, CHANNEL_STATUSES } from "@/lib/contract/enums";
import { providerChoices } from "@/lib/domain/admin-console";
import { allChannels, REQUEST_FILTERS } from "@/lib/domain/channels";
import { pageQuery } from "@/lib/domain/paging";

export const metadata: Metadata = { title: "All channels" };

const FILTERS = ["providerId", "status", "approved", "request", "category", "country"] as const;

export default async function AdminChannelsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
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
  const filter = (
    name: (typeof FILTERS)[number],
    label: string,
    options: ReadonlyArray<string | readonly [string, string]>,
  ) => <FilterSelect name={name} label={label} value={params[name]} emptyLabel="All" options={options} />;
  return (
    <>
      <PageHeader
        title="All channels"
        description="Every provider's channels, most recently changed first."
      />
      <FilterForm action="/admin/channels">
        {filter(
          "providerId",
          "Provider",
          providers.map((p) => [p.id, p.name] as const),
        )}
        {filter("status", "Status", CHANNEL_STATUSES)}
        {filter("approved", "Approval", [
          ["yes", "Approved"],
          ["no", "Not approved"],
        ])}
        {filter("request", "Latest request", Object.entries(REQUEST_FILTERS))}
        {filter("category", "Category", CHANNEL_CATEGORIES)}
        <label className="text-sm">
          <span className="mb-1 block font-medium">Available in</span>
          <input
            name="country"
            defaultValue={params.country ?? ""}
            maxLength={2}
            placeholder="BG"
            title="ISO country code: channels that support it (or name no countries) and do not exclude it"
            className={`${inputClass} w-20 uppercase`}
          />
        </label>
      </FilterForm>
      <PagedTable
        items={list.items}
        paging={list}
        basePath="/admin/channels"
        params={params}
        empty={<EmptyState title="No channel matches" />}
        caption="Channels"
        unit="channels"
        columns={[
          { label: "Channel" },
          { label: "Provider" },
          { label: "Status" },
          { label: "Last change", hideBelow: "md" },
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
