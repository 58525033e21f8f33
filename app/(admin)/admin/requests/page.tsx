import type { Metadata } from "next";
import Link from "next/link";
import { Pager, stringParams } from "@/components/ui/pager";
import { requestKindLabel } from "@/components/channels/status-badges";
import { buttonClass } from "@/components/ui/button";
import { FilterSelect } from "@/components/ui/filter-select";
import { DataTable } from "@/components/ui/table";
import { EmptyState, PageHeader } from "@/components/ui/page";
import { requireAdmin } from "@/lib/auth/session";
import { providersOverview } from "@/lib/domain/admin-console";
import { REQUEST_KINDS, approvalQueue } from "@/lib/domain/channels";
import { formatDateTime } from "@/lib/format";

export const metadata: Metadata = { title: "Requests" };

export default async function RequestQueuePage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  await requireAdmin();
  const params = stringParams(await searchParams, ["providerId", "kind", "age"]);
  const page = Number.parseInt((await searchParams).page as string, 10) || 1;
  const [queue, providers] = await Promise.all([
    approvalQueue({
      providerId: params.providerId,
      kind: params.kind,
      olderThanDays: Number(params.age) || undefined,
      page,
    }),
    providersOverview(),
  ]);
  return (
    <>
      <PageHeader
        title="Requests awaiting a decision"
        description="Oldest first. Approving applies a request; rejecting tells the provider why."
      />
      <form method="get" action="/admin/requests" className="mb-4 flex flex-wrap items-end gap-3">
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
        <button type="submit" className={buttonClass("secondary")}>
          Filter
        </button>
      </form>
      {queue.requests.length === 0 ? (
        <EmptyState title="Nothing awaits a decision">New requests from providers appear here.</EmptyState>
      ) : (
        <DataTable
          caption="Pending channel requests"
          columns={[{ label: "Request" }, { label: "Provider" }, { label: "Submitted", hideBelow: "sm" }]}
        >
          {queue.requests.map((request) => (
            <tr key={request.id}>
              <td className="px-4 py-3">
                <Link
                  href={`/admin/requests/${request.id}`}
                  className="font-medium text-blue-800 hover:underline"
                >
                  {requestKindLabel(request.kind)}:{" "}
                  {request.name || request.channel.providerDeliveryChannelId}
                </Link>
                <div className="font-mono text-xs text-slate-500 break-all">
                  {request.channel.providerDeliveryChannelId}
                </div>
              </td>
              <td className="px-4 py-3">{request.channel.provider.name}</td>
              <td className="hidden px-4 py-3 text-slate-600 sm:table-cell">
                {formatDateTime(request.requestedAt)}
              </td>
            </tr>
          ))}
        </DataTable>
      )}
      <Pager
        basePath="/admin/requests"
        params={params}
        page={queue.page}
        total={queue.total}
        pageSize={queue.pageSize}
      />
    </>
  );
}
