import type { Metadata } from "next";
import Link from "next/link";
import {
  ApprovalBadge,
  ChannelNameCell,
  RejectedBadge,
  requestKindLabel,
  StatusBadge,
} from "@/components/channels/status-badges";
import { buttonClass } from "@/components/ui/button";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { PagedTable } from "@/components/ui/paged-table";
import { SearchForm } from "@/components/ui/search-form";
import { DateCell } from "@/components/ui/table";
import { requireProviderUser } from "@/lib/auth/session";
import { listProviderChannels } from "@/lib/domain/channels";
import { pageQuery } from "@/lib/domain/paging";
import { can } from "@/lib/domain/permissions";

export const metadata: Metadata = { title: "Channels" };

export default async function ChannelsPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requireProviderUser();
  const params = await searchParams;
  const q = typeof params.q === "string" ? params.q : "";
  const list = await listProviderChannels(user.actor, { q, ...pageQuery(params) });

  return (
    <>
      <PageHeader
        title="Delivery channels"
        description={
          user.mode === "test"
            ? "Test mode: each change is a request, decided automatically within seconds (a name containing REJECT is rejected)."
            : "Each change is a request that a platform administrator approves."
        }
        actions={
          can(user.actor, "provider.channels.edit") && (
            <Link href="/channels/new" className={buttonClass("primary")}>
              New channel
            </Link>
          )
        }
      />
      <SearchForm
        action="/channels"
        id="channel-search"
        label="Search channels"
        placeholder="Search by id, name, description or contact"
        term={q}
      />

      <PagedTable
        items={list.items}
        paging={list}
        basePath="/channels"
        params={q ? { q } : {}}
        unit="channels"
        empty={
          <EmptyState title={q ? `No channel matches "${q}"` : "No channels yet"}>
            {q ? "Try another search." : "Create your first delivery channel, here or through the API."}
          </EmptyState>
        }
        caption="Your delivery channels"
        columns={[
          { label: "Channel" },
          { label: "Status" },
          { label: "Approval", hideBelow: "sm" },
          { label: "Pending request", hideBelow: "md" },
          { label: "Last change", hideBelow: "md" },
        ]}
        row={(channel) => (
          <tr key={channel.id}>
            <ChannelNameCell
              href={`/channels/${encodeURIComponent(channel.providerDeliveryChannelId)}`}
              name={channel.name}
              id={channel.providerDeliveryChannelId}
            />
            <td className="space-x-1 px-4 py-3">
              <StatusBadge status={channel.status} />
              <RejectedBadge reason={channel.rejectionReason} />
            </td>
            <td className="hidden px-4 py-3 sm:table-cell">
              <ApprovalBadge isApproved={channel.isApproved} />
            </td>
            <td className="hidden px-4 py-3 md:table-cell">
              {channel.pending
                ? requestKindLabel(channel.pending.kind)
                : channel.rejectionReason
                  ? `Rejected: ${channel.rejectionReason}`
                  : "—"}
            </td>
            <DateCell date={channel.updatedAt} hideBelow="md" />
          </tr>
        )}
      />
    </>
  );
}
