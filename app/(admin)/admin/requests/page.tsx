import type { Metadata } from "next";
import Link from "next/link";
import { requestKindLabel } from "@/components/channels/status-badges";
import { FilterForm, FilterSelect } from "@/components/ui/filter-select";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { PagedTable } from "@/components/ui/paged-table";
import { stringParams } from "@/components/ui/pager";
import { DateCell } from "@/components/ui/table";
import { requirePlatformUser } from "@/lib/auth/session";
import { providerChoices } from "@/lib/domain/admin-console";
import { approvalQueue, REQUEST_KINDS } from "@/lib/domain/channels";
import { pageQuery } from "@/lib/domain/paging";

export const metadata: Metadata = { title: "Requests" };

export default async function RequestQueuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const raw = await searchParams;
  const params = stringParams(raw, ["providerId", "kind", "age"]);
  const [queue, providers] = await Promise.all([
    approvalQueue(user.actor, {
      providerId: params.providerId,
      kind: params.kind,
      olderThanDays: Number(params.age) || undefined,
      ...pageQuery(raw),
    }),
    providerChoices(user.actor),
  ]);
  return (
    <>
      <PageHeader
        title="Requests awaiting a decision"
        description="Oldest first. Approving applies a request; rejecting tells the provider why."
      />
      <FilterForm action="/admin/requests">
        <FilterSelect
          name="providerId"
          label="Provider"
          value={params.providerId}
          emptyLabel="All providers"
          options={providers.map((provider) => [provider.id, provider.name] as const)}
        />
        <FilterSelect
          name="kind"
          label="Kind"
          value={params.kind}
          emptyLabel="All kinds"
          options={REQUEST_KINDS.map((kind) => [kind, requestKindLabel(kind)] as const)}
        />
        <FilterSelect
          name="age"
          label="Waiting"
          value={params.age}
          emptyLabel="Any time"
          options={[
            ["1", "More than a day"],
            ["7", "More than a week"],
          ]}
        />
      </FilterForm>
      <PagedTable
        items={queue.requests}
        paging={queue}
        basePath="/admin/requests"
        params={params}
        empty={
          <EmptyState title="Nothing awaits a decision">New requests from providers appear here.</EmptyState>
        }
        caption="Pending channel requests"
        unit="pending requests"
        columns={[{ label: "Request" }, { label: "Provider" }, { label: "Submitted", hideBelow: "sm" }]}
        row={(request) => (
          <tr key={request.id}>
            <td className="px-4 py-3">
              <Link
                href={`/admin/requests/${request.id}`}
                className="font-medium text-blue-800 hover:underline"
              >
                {requestKindLabel(request.kind)}: {request.name || request.channel.providerDeliveryChannelId}
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
