import type { Metadata } from "next";
import { Pager, stringParams } from "@/components/ui/pager";
import {
  ApprovalBadge,
  ChannelNameCell,
  RejectedBadge,
  StatusBadge,
} from "@/components/channels/status-badges";
import { buttonClass } from "@/components/ui/button";
import { inputClass } from "@/components/ui/field";
import { FilterSelect } from "@/components/ui/filter-select";
import { DataTable } from "@/components/ui/table";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requireAdmin } from "@/lib/auth/session";
import { CHANNEL_CATEGORIES, CHANNEL_STATUSES } from "@/lib/contract/enums";
import { providersOverview } from "@/lib/domain/admin-console";
import { REQUEST_FILTERS, allChannels } from "@/lib/domain/channels";
import { formatDateTime } from "@/lib/format";

export const metadata: Metadata = { title: "All channels" };

const FILTERS = ["providerId", "status", "approved", "request", "category", "country"] as const;

export default async function AdminChannelsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdmin();
  const raw = await searchParams;
  const params = stringParams(raw, FILTERS);
  const page = Number.parseInt(raw.page as string, 10) || 1;
  const [list, providers] = await Promise.all([
    allChannels({ ...params, approved: params.approved as "yes" | "no" | undefined, page }),
    providersOverview(),
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
      <form method="get" action="/admin/channels" className="mb-4 flex flex-wrap items-end gap-3">
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
        <button type="submit" className={buttonClass("secondary")}>
          Filter
        </button>
      </form>
      {list.items.length === 0 ? (
        <EmptyState title="No channel matches" />
      ) : (
        <DataTable
          caption="Channels"
          columns={[
            { label: "Channel" },
            { label: "Provider" },
            { label: "Status" },
            { label: "Last change", hideBelow: "md" },
          ]}
        >
          {list.items.map((channel) => (
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
              <td className="hidden px-4 py-3 text-slate-600 md:table-cell">
                {formatDateTime(channel.updatedAt)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager
        basePath="/admin/channels"
        params={params}
        page={list.page}
        total={list.total}
        pageSize={list.pageSize}
      />
    </>
  );
}
