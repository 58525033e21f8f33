import Link from "next/link";
import { useTranslations } from "next-intl";
import { FilterForm, FilterSelect } from "@/components/ui/filter-select";
import { Badge, EmptyState } from "@/components/ui/page";
import { Pager, stringParams } from "@/components/ui/pager";
import { CaptionedTable } from "@/components/ui/table";
import { PORTAL_EVENT_TYPES } from "@/lib/contract/subscription";
import { type PageQuery, pageQuery } from "@/lib/domain/paging";
import {
  type deliveryLog,
  EVENT_OUTCOMES,
  type EventOutcome,
  type EventSubject,
} from "@/lib/domain/webhooks";
import { useFormat } from "@/lib/i18n/use-format";
import type { Action } from "@/lib/portal/action-result";
import { FailureReason } from "./failure-reason";
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
  subjects,
}: {
  log: Log;
  filters: LogFilters;
  basePath: string;
  /** The console's log: each row names its provider, and links go to the console's pages. */
  showProvider: boolean;
  /** What each event concerns (lib/domain/webhooks/subjects.ts), by event id. */
  subjects: Map<string, EventSubject>;
  /** Absent for a role that may not replay: no replay buttons. */
  replay?: Action;
}) {
  const t = useTranslations("webhooks.log");
  const format = useFormat();
  // The outcome codes stay in the URL; the reader sees them in their language.
  const outcomeText = (state: string) =>
    (EVENT_OUTCOMES as readonly string[]).includes(state) ? t(`outcome.${state}`) : state;
  return (
    <div className="space-y-4">
      <FilterForm action={basePath}>
        <FilterSelect
          name="eventType"
          label={t("eventType")}
          value={filters.eventType}
          emptyLabel={t("allEventTypes")}
          options={PORTAL_EVENT_TYPES}
        />
        <FilterSelect
          name="outcome"
          label={t("outcomeFilter")}
          value={filters.outcome}
          emptyLabel={t("allOutcomes")}
          options={EVENT_OUTCOMES.map((outcome) => [outcome, outcomeText(outcome)] as const)}
        />
      </FilterForm>

      {log.events.length === 0 ? (
        <EmptyState title={t("empty")}>{t("emptyHint")}</EmptyState>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
          {log.events.map((event) => (
            <li key={event.id} className="p-4">
              <div className="flex flex-wrap items-center gap-x-4 gap-y-2">
                <Badge tone={OUTCOME_TONES[event.state as keyof typeof OUTCOME_TONES] ?? "slate"}>
                  {outcomeText(event.state)}
                </Badge>
                <span className="font-mono text-sm">{event.eventType}</span>
                {showProvider && <span className="text-sm text-slate-600">{event.provider.name}</span>}
                <time className="text-sm text-slate-600" dateTime={event.createdAt.toISOString()}>
                  {format.dateTime(event.createdAt, { seconds: true })}
                </time>
                <span className="text-sm text-slate-600">
                  {t("attempts", { count: event.deliveryAttempts.length })}
                </span>
                <SubjectOf subject={subjects.get(event.id)} inConsole={showProvider} />
                {replay && event.state !== "PENDING" && (
                  <span className="ms-auto">
                    <ReplayButton eventId={event.id} replay={replay} />
                  </span>
                )}
              </div>
              {event.lastError && (
                <p className="mt-1 text-sm text-red-700">{t("lastError", { error: event.lastError })}</p>
              )}
              <details className="mt-2">
                <summary className="cursor-pointer text-sm text-blue-800">{t("payloadAndAttempts")}</summary>
                <p className="mt-2 text-xs text-slate-600">
                  webhook-id <span className="font-mono">{event.id}</span>
                </p>
                {/* Wrapped rather than scrolled: a scrolling box would need to be keyboard-focusable.
                    Left to right in every language: JSON does not mirror. */}
                <pre dir="ltr" className="mt-2 rounded bg-slate-50 p-2 text-xs break-all whitespace-pre-wrap">
                  {event.payloadPreview}
                  {event.payloadTruncated && "…"}
                </pre>
                {event.payloadTruncated && (
                  <p className="mt-1 text-xs text-slate-600">
                    {t("truncated", { characters: event.payloadPreview.length, bytes: event.payloadBytes })}
                  </p>
                )}
                <AttemptTable attempts={event.deliveryAttempts} />
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pager basePath={basePath} params={stringParams(filters, FILTER_KEYS)} paging={log} unit={t("unit")} />
    </div>
  );
}

/** The channel and the delivery request an event concerns, each linked to its page where it has one. */
function SubjectOf({ subject, inConsole }: { subject?: EventSubject; inConsole: boolean }) {
  const t = useTranslations("webhooks.log");
  if (!subject?.channel && !subject?.deliveryRequest) return null;
  const { channel, deliveryRequest } = subject;
  const link = "text-blue-800 underline";
  const channelHref =
    channel?.id &&
    (inConsole
      ? `/admin/channels/${channel.id}`
      : `/channels/${encodeURIComponent(channel.providerDeliveryChannelId)}`);
  return (
    <span className="flex w-full flex-wrap gap-x-4 text-sm" data-subject>
      {channel && (
        <span>
          {t("subject.channel")}{" "}
          {channelHref ? (
            <Link className={link} href={channelHref}>
              {channel.name ?? channel.providerDeliveryChannelId}
            </Link>
          ) : (
            <span className="font-mono">{channel.providerDeliveryChannelId}</span>
          )}
        </span>
      )}
      {deliveryRequest && (
        <span>
          {t("subject.deliveryRequest")}{" "}
          {inConsole ? (
            <Link
              className={link}
              href={`/admin/programs/${deliveryRequest.programId}/requests/${deliveryRequest.id}`}
            >
              {deliveryRequest.description}
            </Link>
          ) : (
            // The portal has no page of a delivery request: its description, and its id to quote.
            <>
              {deliveryRequest.description} <span className="font-mono text-xs">{deliveryRequest.id}</span>
            </>
          )}
        </span>
      )}
    </span>
  );
}

function AttemptTable({ attempts }: { attempts: Log["events"][number]["deliveryAttempts"] }) {
  const t = useTranslations("webhooks.log");
  const format = useFormat();
  if (attempts.length === 0) return <p className="mt-2 text-sm text-slate-600">{t("attempt.none")}</p>;
  return (
    <div className="mt-2">
      <CaptionedTable
        caption={t("attempt.caption")}
        columns={[
          { label: t("attempt.columns.time") },
          { label: t("attempt.columns.duration") },
          { label: t("attempt.columns.http") },
          { label: t("attempt.columns.answer") },
        ]}
        look={{ table: "w-full table-fixed text-start text-sm", th: "py-1 pe-3" }}
      >
        {attempts.map((attempt) => (
          <tr key={attempt.id} className="border-t border-slate-100 align-top">
            <td className="py-1 pe-3 whitespace-nowrap">
              {format.dateTime(attempt.startedAt, { seconds: true })}
            </td>
            <td className="py-1 pe-3">
              {t("attempt.duration", { duration: format.count(attempt.durationMs) })}
            </td>
            <td className="py-1 pe-3">{attempt.httpStatus ?? "—"}</td>
            <td className="py-1 pe-3 text-xs break-all">
              {attempt.error ? (
                <FailureReason reason={attempt.error} />
              ) : (
                <span className="font-mono">{attempt.responseSnippet ?? ""}</span>
              )}
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
    eventType: PORTAL_EVENT_TYPES.find((known) => known === eventType),
    outcome: EVENT_OUTCOMES.find((known) => known === outcome),
    cursor: pageQuery(params),
  };
}
