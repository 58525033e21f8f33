import type { Metadata } from "next";
import { Card, PageHeader } from "@/components/ui/page";
import { DeliveryLog, logFilters } from "@/components/webhooks/delivery-log";
import { ReplayPeriodForm } from "@/components/webhooks/replay-controls";
import { requirePlatformUser } from "@/lib/auth/session";
import { can } from "@/lib/domain/permissions";
import { deliveryLog } from "@/lib/domain/webhook-events";
import { adminReplayEventAction, adminReplayFailedAction } from "./actions";

export const metadata: Metadata = { title: "Webhook log" };

export default async function AdminDeliveriesPage({
  searchParams,
}: {
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const user = await requirePlatformUser();
  const { cursor, ...filters } = logFilters(await searchParams);
  const log = await deliveryLog(user.actor, { ...filters, ...cursor });
  const replays = can(user.actor, "webhooks.replay");
  return (
    <>
      <PageHeader
        title="Webhook log"
        description="Events sent to every provider's webhooks, with each attempt."
      />
      {replays && (
        <div className="mb-6">
          <Card title="Replay failed events of every provider">
            <ReplayPeriodForm replayFailed={adminReplayFailedAction} />
          </Card>
        </div>
      )}
      <DeliveryLog
        log={log}
        filters={filters}
        basePath="/admin/deliveries"
        showProvider
        replay={replays ? adminReplayEventAction : undefined}
      />
    </>
  );
}
