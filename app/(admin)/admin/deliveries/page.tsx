import type { Metadata } from "next";
import { getTranslations } from "next-intl/server";
import { HelpLink } from "@/components/help-link";
import { Card, PageHeader } from "@/components/ui/page";
import { DeliveryLog, logFilters } from "@/components/webhooks/delivery-log";
import { ReplayPeriodForm } from "@/components/webhooks/replay-controls";
import { requirePlatformUser } from "@/lib/auth/session";
import { can } from "@/lib/domain/permissions";
import { deliveryLog, eventSubjects } from "@/lib/domain/webhooks";
import { adminReplayEventAction, adminReplayFailedAction } from "./console-delivery-log-actions";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("adminConsole.deliveries");
  return { title: t("title") };
}

export default async function AdminDeliveriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const t = await getTranslations("adminConsole.deliveries");
  const { cursor, ...filters } = logFilters(await searchParams);
  const log = await deliveryLog(user.actor, { ...filters, ...cursor });
  const subjects = await eventSubjects(user.actor, log.events);
  const replays = can(user.actor, "webhooks.replay");
  return (
    <>
      <PageHeader
        help={<HelpLink page="console.deliveries" />}
        title={t("title")}
        description={t("description")}
      />
      {replays && (
        <div className="mb-6">
          <Card title={t("replayAll")}>
            <ReplayPeriodForm replayFailed={adminReplayFailedAction} />
          </Card>
        </div>
      )}
      <DeliveryLog
        log={log}
        filters={filters}
        basePath="/admin/deliveries"
        showProvider
        subjects={subjects}
        replay={replays ? adminReplayEventAction : undefined}
      />
    </>
  );
}
