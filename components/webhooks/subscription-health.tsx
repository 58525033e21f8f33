/**
 * A subscription's health on the webhooks page: healthy or failing (the streak, since when, the last
 * reason), disabled with its reason and a re-enable, and a rotation's grace period while it lasts.
 * The reasons come from the delivery worker, shown in the reader's language (./failure-reason.tsx).
 */
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { Badge } from "@/components/ui/page";
import type { Formatter } from "@/lib/format";
import { useFormat } from "@/lib/i18n/use-format";
import type { Action } from "@/lib/portal/action-result";
import { useFailureReason } from "./failure-reason";
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

const lastFailure = (row: SubscriptionHealthRow, format: Formatter, inWords: (reason: string) => string) =>
  row.lastFailureAt ? `${inWords(row.lastFailureReason ?? "")} (${format.dateTime(row.lastFailureAt)})` : "";

function Health({ row }: { row: SubscriptionHealthRow }): ReactNode {
  const t = useTranslations("webhooks.health");
  const format = useFormat();
  const last = lastFailure(row, format, useFailureReason());
  if (row.failureStreak > 0)
    return (
      <>
        <Badge tone="amber">{t("failing")}</Badge>{" "}
        {row.failingSince
          ? t("streakSince", { count: row.failureStreak, since: format.dateTime(row.failingSince), last })
          : t("streak", { count: row.failureStreak, last })}
      </>
    );
  return (
    <>
      <Badge tone="green">{t("healthy")}</Badge>
      {row.lastFailureAt && ` ${t("lastFailure", { last })}`}
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
  const t = useTranslations("webhooks.health");
  const format = useFormat();
  const inWords = useFailureReason();
  return (
    <>
      <div className="sm:col-span-3">
        <dt className="text-slate-600">{t("health")}</dt>
        <dd>
          <Health row={row} />
        </dd>
      </div>
      {row.previousAuthUntil && row.previousAuthUntil > now && (
        <div className="sm:col-span-3">
          <dt className="text-slate-600">{t("rotation")}</dt>
          <dd>{t("previousUntil", { date: format.dateTime(row.previousAuthUntil) })}</dd>
        </div>
      )}
      {row.disabledAt && (
        <div className="flex flex-wrap items-center gap-3 sm:col-span-3" role="alert">
          <span>
            <Badge tone="red">{t("disabled")}</Badge>{" "}
            <span className="text-red-800">
              {t("disabledBecause", {
                reason: inWords(row.disabledReason ?? ""),
                date: format.dateTime(row.disabledAt),
              })}
            </span>
          </span>
          {reenable && <ReenableButton eventType={row.eventType} reenable={reenable} />}
        </div>
      )}
    </>
  );
}
