/**
 * A subscription's health on the webhooks page: healthy or failing (the streak, since when, the last
 * reason), disabled with its reason and a re-enable, and a rotation's grace period while it lasts.
 */
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/page";
import { formatCount, formatDateTime } from "@/lib/format";
import type { Action } from "@/lib/portal/action-result";
import { ReenableButton } from "./reenable-button";

export interface SubscriptionHealthRow {
  eventType: string;
  disabledAt: Date | null;
  disabledReason: string | null;
  failingSince: Date | null;
  failureStreak: number;
  lastFailureAt: Date | null;
  lastFailureReason: string | null;
  previousAuthUntil: Date | null;
}

const lastFailure = (row: SubscriptionHealthRow) =>
  row.lastFailureAt && `${row.lastFailureReason} (${formatDateTime(row.lastFailureAt)})`;

function Health({ row }: { row: SubscriptionHealthRow }): ReactNode {
  if (row.failureStreak > 0)
    return (
      <>
        <Badge tone="amber">Failing</Badge> {formatCount(row.failureStreak)} failed attempt
        {row.failureStreak === 1 ? "" : "s"} in a row
        {row.failingSince && ` since ${formatDateTime(row.failingSince)}`}. Last: {lastFailure(row)}
      </>
    );
  return (
    <>
      <Badge tone="green">Healthy</Badge>
      {row.lastFailureAt && ` Last failure: ${lastFailure(row)}`}
    </>
  );
}

export function SubscriptionHealth({
  row,
  reenable,
  now = new Date(),
}: {
  row: SubscriptionHealthRow;
  /** Absent for a role that may not manage webhooks: no re-enable button. */
  reenable?: Action<{ recovered: number }>;
  now?: Date;
}) {
  return (
    <>
      <div className="sm:col-span-3">
        <dt className="text-slate-600">Health</dt>
        <dd>
          <Health row={row} />
        </dd>
      </div>
      {row.previousAuthUntil && row.previousAuthUntil > now && (
        <div className="sm:col-span-3">
          <dt className="text-slate-600">Secret rotation</dt>
          <dd>The previous secret also signs until {formatDateTime(row.previousAuthUntil)}.</dd>
        </div>
      )}
      {row.disabledAt && (
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3" role="alert">
          <span>
            <Badge tone="red">Disabled</Badge>{" "}
            <span className="text-red-800">
              {row.disabledReason} ({formatDateTime(row.disabledAt)}). Events are not sent; re-enable, or save
              the subscription again, to resume.
            </span>
          </span>
          {reenable && <ReenableButton eventType={row.eventType} reenable={reenable} />}
        </div>
      )}
    </>
  );
}
