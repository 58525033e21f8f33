import { FilterForm, FilterSelect } from "@/components/ui/filter-select";
import { Badge, EmptyState } from "@/components/ui/page";
import { Pager, stringParams } from "@/components/ui/pager";
import { CaptionedTable } from "@/components/ui/table";
import { SUBSCRIBABLE_EVENT_TYPES } from "@/lib/contract/subscription";
import { type PageQuery, pageQuery } from "@/lib/domain/paging";
import { type deliveryLog, EVENT_OUTCOMES, type EventOutcome } from "@/lib/domain/webhook-events";
import { formatCount, formatDateTime } from "@/lib/format";
import type { Action } from "@/lib/portal/action-result";
import { ReplayButton } from "./replay-controls";

type Log = Awaited<ReturnType<typeof deliveryLog>>;

const OUTCOME_TONES = { DELIVERED: "green", PENDING: "blue", FAILED: "red", SKIPPED: "slate" } as const;

// A type, not an interface: it is read as search params (stringParams) too.
export type LogFilters = {
  eventType?: string;
  outcome?: EventOutcome;
};

export function DeliveryLog({
  log,
  filters,
  basePath,
  showProvider,
  replay,
}: {
  log: Log;
  filters: LogFilters;
  basePath: string;
  showProvider: boolean;
  /** Absent for a role that may not replay: no replay buttons. */
  replay?: Action;
}) {
  return (
    <div className="space-y-4">
      <FilterForm action={basePath}>
        <FilterSelect
          name="eventType"
          label="Event type"
          value={filters.eventType}
          emptyLabel="All event types"
          options={SUBSCRIBABLE_EVENT_TYPES}
        />
        <FilterSelect
          name="outcome"
          label="Outcome"
          value={filters.outcome}
          emptyLabel="All outcomes"
          options={EVENT_OUTCOMES}
        />
      </FilterForm>

      {log.events.length === 0 ? (
        <EmptyState title="No events yet">
          Events appear here when the platform sends them to your webhooks.
        </EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {log.events.map((event) => (
            <li key={event.id} className="p-4">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <Badge tone={OUTCOME_TONES[event.state as keyof typeof OUTCOME_TONES] ?? "slate"}>
                  {event.state}
                </Badge>
                <span className="font-mono text-sm">{event.eventType}</span>
                {showProvider && <span className="text-sm text-slate-600">{event.provider.name}</span>}
                <time className="text-sm text-slate-600" dateTime={event.createdAt.toISOString()}>
                  {formatDateTime(event.createdAt, { seconds: true })}
                </time>
                <span className="text-sm text-slate-600">
                  {formatCount(event.deliveryAttempts.length)} attempt
                  {event.deliveryAttempts.length === 1 ? "" : "s"}
                </span>
                {replay && event.state !== "PENDING" && (
                  <span className="ml-auto">
                    <ReplayButton eventId={event.id} replay={replay} />
                  </span>
                )}
              </div>
              {event.lastError && <p className="mt-1 text-sm text-red-700">Last error: {event.lastError}</p>}
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-blue-800">Payload and attempts</summary>
                <p className="mt-2 text-xs text-slate-600">
                  webhook-id <span className="font-mono">{event.id}</span>
                </p>
                {/* Wrapped rather than scrolled: a scrolling box would need to be keyboard-focusable. */}
                <pre className="mt-2 rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap">
                  {event.payloadPreview}
                  {event.payloadTruncated && "…"}
                </pre>
                {event.payloadTruncated && (
                  <p className="mt-1 text-xs text-slate-600">
                    {`The first ${formatCount(event.payloadPreview.length)} characters of ${formatCount(event.payloadBytes)} bytes.`}
                  </p>
                )}
                <AttemptTable attempts={event.deliveryAttempts} />
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pager basePath={basePath} params={stringParams(filters, FILTER_KEYS)} paging={log} unit="events" />
    </div>
  );
}

function AttemptTable({ attempts }: { attempts: Log["events"][number]["deliveryAttempts"] }) {
  if (attempts.length === 0) return <p className="mt-2 text-sm text-slate-600">No attempt yet.</p>;
  return (
    <div className="mt-2">
      <CaptionedTable
        caption="Delivery attempts"
        columns={[{ label: "Time" }, { label: "Duration" }, { label: "HTTP" }, { label: "Answer or error" }]}
        look={{ table: "w-full table-fixed text-left text-sm", th: "py-1 pr-3" }}
      >
        {attempts.map((attempt) => (
          <tr key={attempt.id} className="border-t border-slate-100 align-top">
            <td className="py-1 pr-3 whitespace-nowrap">
              {formatDateTime(attempt.startedAt, { seconds: true })}
            </td>
            <td className="py-1 pr-3">{formatCount(attempt.durationMs)} ms</td>
            <td className="py-1 pr-3">{attempt.httpStatus ?? "—"}</td>
            <td className="py-1 pr-3 font-mono text-xs break-all">
              {attempt.error ?? attempt.responseSnippet ?? ""}
            </td>
          </tr>
        ))}
      </CaptionedTable>
    </div>
  );
}

const FILTER_KEYS = ["eventType", "outcome"] as const;

/** Reads the log's filters from a page's search params, keeping only known values. */
export function logFilters(
  params: Record<string, string | string[] | undefined>,
): LogFilters & { cursor: PageQuery } {
  const { eventType, outcome } = stringParams(params, FILTER_KEYS);
  return {
    eventType: SUBSCRIBABLE_EVENT_TYPES.find((known) => known === eventType),
    outcome: EVENT_OUTCOMES.find((known) => known === outcome),
    cursor: pageQuery(params),
  };
}
